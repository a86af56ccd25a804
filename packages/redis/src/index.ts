/** @sluice/redis: a Redis client, one server or a Redis Cluster, watched for timeouts and outages, with its URL masked in logs. */
export {
  watchRedis,
  RedisTimeoutError,
  type RedisClientLike,
  type RedisLogger,
  type WatchedRedis,
  type WatchedRedisOptions,
} from './watched-redis.js';
export { connectRedis, hashTagPrefix, type RedisCommands, type RedisConnection } from './connect-redis.js';
export { parseRedisUrl, redactRedisUrl, type RedisTarget } from './redis-url.js';
