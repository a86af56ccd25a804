/** @sluice/plugin-usage-guard */
export {};
