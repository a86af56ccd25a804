/** @sluice/plugin-cost-meter: the model_price allowlist, request cost and cache savings in micro-USD. */
export { CostMeterPlugin } from './plugin.js';
export { CostMeterOptionsSchema, type CostMeterOptions, type CostMeterOptionsInput } from './options.js';
export { PriceTable, type ModelPrice } from './price-table.js';
export { COST_METER_ERRORS } from './errors.js';
export { addLookupOverhead, requestCost, type RequestCost } from './request-cost.js';
