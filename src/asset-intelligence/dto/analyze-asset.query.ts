import { OptionalText, RequiredText } from '../../common/field.decorators';

/** Query parameters of POST /asset-intelligence/analyze. */
export class AnalyzeAssetQuery {
  @RequiredText(100, { description: 'Model number as printed on the nameplate.', example: '24ACC636A003' })
  model_number: string;

  @RequiredText(100, { description: 'Brand name as printed or as known (aliases and misspellings are accepted).', example: 'Carrier' })
  brand_name: string;

  @OptionalText(100, { description: 'Serial number; needed to decode the manufacture date.', example: '1014E12345' })
  serial_number?: string;
}
