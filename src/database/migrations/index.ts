import { Foundation1763800000000 } from './1763800000000-foundation';
import { WorkOrderHistory1763900000000 } from './1763900000000-work-order-history';
import { Assets1764000000000 } from './1764000000000-assets';
import { SpecificationFields1764100000000 } from './1764100000000-specification-fields';
import { TicketProblems1764200000000 } from './1764200000000-ticket-problems';
import { ClientTrigramIndex1764300000000 } from './1764300000000-client-trigram-index';
import { PropertyProblemIndex1764400000000 } from './1764400000000-property-problem-index';
import { ShortSummaryTrigramIndex1764500000000 } from './1764500000000-short-summary-trigram-index';
import { ClientFixKeyIndex1764600000000 } from './1764600000000-client-fix-key-index';

/** Every migration of the service, in order; hosts that embed the modules run these too. */
export const MIGRATIONS = [
  Foundation1763800000000,
  WorkOrderHistory1763900000000,
  Assets1764000000000,
  SpecificationFields1764100000000,
  TicketProblems1764200000000,
  ClientTrigramIndex1764300000000,
  PropertyProblemIndex1764400000000,
  ShortSummaryTrigramIndex1764500000000,
  ClientFixKeyIndex1764600000000,
];
