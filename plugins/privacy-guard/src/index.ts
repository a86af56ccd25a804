/** @sluice/plugin-privacy-guard */
export {};
