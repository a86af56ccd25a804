/** @sluice/plugin-cost-meter: model allowlist, cost and savings. */
export { CostMeterPlugin } from './plugin.js';
export { CostMeterOptionsSchema, type CostMeterOptions, type CostMeterOptionsInput } from './options.js';
export { PriceTable, type ModelPrice } from './price-table.js';
export { costMeterDirectives, costMeterOptionsFromConfig } from './directives.js';
