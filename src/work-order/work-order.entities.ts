import { WorkOrderRecordEntity } from './history/work-order-record.entity';

/** The entities WorkOrderModule reads and writes; list them in a data source without autoLoadEntities. */
export const WORK_ORDER_ENTITIES = [WorkOrderRecordEntity];
