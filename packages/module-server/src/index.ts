/** @sluice/module-server: the small HTTP server of the sluice modules, and the error envelope of every sluice service besides the gateway. */
export { serveModule, type ModuleEndpoint, type ServeModuleOptions, type ServedModule } from './module-server.js';
export { type ModuleRequest } from './module-request.js';
export { replyJson, replyJsonText, replyServiceError } from './module-reply.js';
export { splitListen } from './listen-address.js';
export { ServiceHttpError, serviceErrorBody, type ServiceErrorEnvelope } from './service-error.js';
