/**
 * @sluice-examples/custom-gateway: the gateway preset composed in code with a plugin that takes
 * each request's tenant from the client's JWT.
 */
export { startCustomGateway, type CustomGateway, type CustomGatewayOptions } from './main.js';
export { TenantFromJwtPlugin, PLUGIN_NAME, TENANT_FROM_JWT_STAGE } from './tenant-from-jwt.js';
export { tenantFromJwtOptions, type TenantFromJwtOptions, type TenantFromJwtOptionsInput } from './tenant-options.js';
export { signHs256, verifyHs256, type JwtCheck, type JwtClaims, type JwtProblem, type VerifyOptions } from './jwt.js';
export { TENANT_SOURCE, type TenantProblem } from './tenant-evidence.js';
export { gatewayOptions, type GatewayOptionsInput } from './gateway-options.js';
