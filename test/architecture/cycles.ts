/** The cycles of a directed graph: its strongly connected components, each shown by one loop through it. */

/** A node and the nodes it has an edge to. */
export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

export interface Cycle {
  /** Every node of the component, sorted: the same cycle gives the same list whatever order it was found in. */
  readonly members: readonly string[];
  /** One loop through the component, starting and ending at its first member: `a → b → a`. */
  readonly loop: readonly string[];
}

/** The components of more than one node, or of one that imports itself, sorted by their first member. */
export function cyclesOf(graph: Graph): Cycle[] {
  return components(graph)
    .filter((members) => members.length > 1 || graph.get(members[0]!)?.has(members[0]!) === true)
    .map((members) => {
      const sorted = [...members].sort();
      return { members: sorted, loop: loopThrough(graph, sorted[0]!, new Set(sorted)) };
    })
    .sort((a, b) => a.members[0]!.localeCompare(b.members[0]!));
}

/** Tarjan's algorithm, iterative so that a long chain of imports cannot overflow the stack. */
function components(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edge = frame.edges.next();
      if (!edge.done) {
        const target = edge.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        found.push(members);
      }
    }
  }
  return found;
}

/** The shortest loop from `start` back to itself inside the component (breadth first). */
function loopThrough(graph: Graph, start: string, component: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (previous.has(target)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  return [start];
}
