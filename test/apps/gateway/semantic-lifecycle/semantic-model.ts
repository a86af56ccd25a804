/**
 * What the semantic store may hold, as far as the suite can know it. Each entry (keyed by its trimmed
 * question) is a set of possible versions, each an answer with the window its `expires_at` lies in, and
 * whether it may be absent altogether. The store in the process (`memory`) and the set a start would load
 * (`disk`) are kept apart: a store is durable only once saved (clean stop, reload, an autosave), so a
 * write not yet saved is only a possibility on disk, and a SIGKILL turns it into "maybe present".
 */
import { TOPICS, VARIANTS, entryKey } from './questions.js';

/** Clocks are the same host's; this covers a millisecond boundary on either side. */
const SLACK_MS = 5;

/** A time span in this process's `Date.now()`, which is also the gateway's clock. */
export interface Window {
  readonly start: number;
  readonly end: number;
}

export interface Version {
  readonly answer: string;
  /** `expires_at` lies in [expMin, expMax]: set by the gateway between the request and its answer. */
  readonly expMin: number;
  readonly expMax: number;
}

export interface EntryState {
  readonly versions: readonly Version[];
  readonly maybeAbsent: boolean;
}

export interface LifecycleSettings {
  readonly ttlSeconds: number;
  readonly autosaveSeconds: number;
}

export interface SemanticModel {
  readonly settings: LifecycleSettings;
  running: boolean;
  /** Any request since the running process started (a stop then saves what it stored). */
  trafficSinceStart: boolean;
  /** How the last process ended, so a start after a clean stop counts as a clean restart. */
  stoppedBy: 'none' | 'clean' | 'kill';
  /** Whether the config file holds the second model's price (each reload flips it). */
  otherModel: boolean;
  memory: Map<string, EntryState>;
  disk: Map<string, EntryState>;
  /** Keys whose memory and disk states are the same fact (nothing written since the last load or save). */
  synced: Set<string>;
}

export function initialModel(settings: LifecycleSettings): SemanticModel {
  return {
    settings,
    running: false,
    trafficSinceStart: false,
    stoppedBy: 'none',
    otherModel: false,
    memory: new Map(),
    disk: new Map(),
    synced: new Set(),
  };
}

const surelyLive = (v: Version, at: Window) => v.expMin > at.end + SLACK_MS;
const maybeLive = (v: Version, at: Window) => v.expMax + SLACK_MS > at.start;

function topicKeys(topic: number): string[] {
  return [...new Set(Array.from({ length: VARIANTS }, (_, variant) => entryKey(topic, variant)))];
}

export function topicOf(key: string): number {
  return TOPICS.findIndex((_, topic) => topicKeys(topic).includes(key));
}

/** What a lookup of `topic` during `at` may answer: a hit it must give, and every answer it may serve. */
export function expectedLookup(model: SemanticModel, topic: number, at: Window): { mustHit: string[]; allowed: Set<string> } {
  const mustHit: string[] = [];
  const allowed = new Set<string>();
  for (const key of topicKeys(topic)) {
    const state = model.memory.get(key);
    if (state === undefined) continue;
    for (const version of state.versions) if (maybeLive(version, at)) allowed.add(version.answer);
    if (!state.maybeAbsent && state.versions.length > 0 && state.versions.every((v) => surelyLive(v, at))) mustHit.push(key);
  }
  return { mustHit, allowed };
}

/** Narrows what memory may hold, and the disk too for keys still the same fact. */
function refine(model: SemanticModel, key: string, next: EntryState | undefined): void {
  for (const map of model.synced.has(key) ? [model.memory, model.disk] : [model.memory]) {
    if (next === undefined || next.versions.length === 0) map.delete(key);
    else map.set(key, next);
  }
}

/** A hit served `answer`: the one entry of the topic holding it is present with that version. */
export function observeHit(model: SemanticModel, topic: number, answer: string): void {
  const holders = topicKeys(topic).filter((key) => model.memory.get(key)?.versions.some((v) => v.answer === answer));
  if (holders.length !== 1) return;
  const state = model.memory.get(holders[0]!)!;
  refine(model, holders[0]!, { versions: state.versions.filter((v) => v.answer === answer), maybeAbsent: false });
}

/**
 * A miss during `at`: no entry of the topic held a live version then (those that surely were live are
 * ruled out), and the fresh answer was stored under `asked` before the response, expiring in the window.
 */
export function observeMiss(model: SemanticModel, topic: number, asked: string, answer: string, at: Window): void {
  for (const key of topicKeys(topic)) {
    const state = model.memory.get(key);
    if (state === undefined) continue;
    const versions = state.versions.filter((v) => !surelyLive(v, at));
    if (versions.length < state.versions.length) refine(model, key, { versions, maybeAbsent: true });
  }
  const ttl = model.settings.ttlSeconds * 1000;
  const fresh: Version = { answer, expMin: at.start + ttl, expMax: at.end + ttl };
  model.memory.set(asked, { versions: [fresh], maybeAbsent: false });
  model.synced.delete(asked);
  // Not durable until saved; an autosave (or a store made durable per write) may have written it already.
  const onDisk = model.disk.get(asked);
  model.disk.set(asked, { versions: [...(onDisk?.versions ?? []), fresh], maybeAbsent: onDisk?.maybeAbsent ?? true });
}

/** A clean stop (exit 0) and a reload save the whole store: the disk is what memory holds. */
export function observeSaved(model: SemanticModel): void {
  model.disk = new Map(model.memory);
  model.synced = new Set(model.memory.keys());
}

/** A start loads the disk; a SIGKILL leaves the disk as it is (writes not saved are there only as "maybe"). */
export function observeStarted(model: SemanticModel): void {
  model.memory = new Map(model.disk);
  model.synced = new Set(model.disk.keys());
  model.running = true;
  model.trafficSinceStart = false;
}

/** A prune during `at` deletes every version expired by then; returns the least and most it may report. */
export function observePrune(model: SemanticModel, at: Window): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const [key, state] of [...model.disk]) {
    // The prune reads the clock once, somewhere in `at`, and deletes what expired by then.
    const kept = state.versions.filter((v) => maybeLive(v, at));
    const maybeGone = state.versions.some((v) => !surelyLive(v, at));
    if (maybeGone) max += 1;
    if (kept.length === 0 && !state.maybeAbsent) min += 1;
    if (kept.length === 0) model.disk.delete(key);
    else model.disk.set(key, { versions: kept, maybeAbsent: state.maybeAbsent || maybeGone });
  }
  return { min, max };
}

/** Entries the disk surely and possibly holds, for the failure report. */
export function describeDisk(model: SemanticModel): string {
  const sure = [...model.disk.values()].filter((s) => !s.maybeAbsent).length;
  return `${sure} surely and ${model.disk.size - sure} maybe on disk`;
}
