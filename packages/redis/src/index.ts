/** @sluice/redis: a Redis client watched for timeouts and outages, with its URL masked in logs. */
export {
  watchRedis,
  redactRedisUrl,
  RedisTimeoutError,
  type RedisClientLike,
  type RedisLogger,
  type WatchedRedis,
  type WatchedRedisOptions,
} from './watched-redis.js';
