/**
 * The collection layout the `qdrant` backend needs: one unnamed dense vector of the configured size with
 * Cosine distance, plus a payload index per indexed field. Created when missing, checked when present.
 */
import { ConnectErrorCode, Distance, FieldType, type CollectionInfo, type QdrantClient } from '@qdrant/js-client-grpc';
import { VectorStoreError } from '../vector-store-error.js';
import { callQdrant, hasCode, storeFailure } from './qdrant-errors.js';
import type { QdrantFieldType, ResolvedQdrantOptions } from './qdrant-options.js';

const FIELD_TYPES: Readonly<Record<QdrantFieldType, FieldType>> = {
  keyword: FieldType.FieldTypeKeyword,
  integer: FieldType.FieldTypeInteger,
  float: FieldType.FieldTypeFloat,
  bool: FieldType.FieldTypeBool,
};

function distanceName(distance: Distance): string {
  return Distance[distance] ?? `distance ${distance}`;
}

/** Why an existing collection cannot serve this store, or undefined when it can. */
export function layoutMismatch(info: CollectionInfo | undefined, options: ResolvedQdrantOptions): string | undefined {
  const name = `qdrant collection "${options.collection}"`;
  const wanted = `this store is configured for size ${options.vectorSize} with Cosine distance`;
  const config = info?.config?.params?.vectorsConfig?.config;
  if (config?.case === 'paramsMap') {
    return `${name} has named vectors (${Object.keys(config.value.map).join(', ')}); ${wanted} on one unnamed vector`;
  }
  if (config?.case !== 'params') return `${name} has no dense vector configuration; ${wanted}`;
  const size = Number(config.value.size);
  if (size === options.vectorSize && config.value.distance === Distance.Cosine) return undefined;
  return `${name} has vectors of size ${size} with ${distanceName(config.value.distance)} distance; ${wanted}`;
}

/**
 * Creates the collection when missing (a concurrent creator's `AlreadyExists` counts as created), refuses
 * one of another layout with `failed_precondition`, then creates the payload indexes (idempotent in Qdrant).
 * @example
 * await ensureCollection(new QdrantClient({ url, checkCompatibility: false }), resolveQdrantOptions(options));
 */
export async function ensureCollection(client: QdrantClient, options: ResolvedQdrantOptions): Promise<void> {
  const collectionName = options.collection;
  const context = (operation: string) => ({ operation: `open: ${operation}`, timeoutMs: options.timeoutMs, quoteServer: true });
  const collections = client.api('collections');
  const exists = await callQdrant(context('collection exists'), () => collections.collectionExists({ collectionName }));
  if (exists.result?.exists !== true) {
    try {
      await collections.create({
        collectionName,
        vectorsConfig: { config: { case: 'params', value: { size: BigInt(options.vectorSize), distance: Distance.Cosine } } },
      });
    } catch (error) {
      if (!hasCode(error, ConnectErrorCode.AlreadyExists))
        throw storeFailure(error, context(`create collection "${collectionName}"`));
    }
  }
  const info = await callQdrant(context(`get collection "${collectionName}"`), () => collections.get({ collectionName }));
  const mismatch = layoutMismatch(info.result, options);
  if (mismatch !== undefined) throw new VectorStoreError('failed_precondition', mismatch);
  const points = client.api('points');
  for (const [fieldName, type] of Object.entries(options.indexedFields)) {
    await callQdrant(context(`create payload index "${fieldName}"`), () =>
      points.createFieldIndex({ collectionName, fieldName, fieldType: FIELD_TYPES[type], wait: true }),
    );
  }
}
