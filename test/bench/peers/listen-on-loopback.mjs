// Preloaded into the Portkey gateway (`node --import`): its start script serves on every interface and
// takes no address, so a listen on a port with no host is bound to 127.0.0.1 instead.
import { Server } from 'node:net';

const listen = Server.prototype.listen;
Server.prototype.listen = function listenOnLoopback(...args) {
  if (typeof args[0] === 'number' && (args[1] === undefined || typeof args[1] === 'function')) {
    const rest = args[1] === undefined ? args.slice(2) : args.slice(1);
    return listen.call(this, args[0], '127.0.0.1', ...rest);
  }
  return listen.apply(this, args);
};
