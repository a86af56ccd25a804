/** @sluice/plugin-security-guard */
export {};
