/*
 * The team builder's optimisation (docs/decisions/033-matching-and-the-team-builder.md): place
 * people into roles, at most one role each and at most a role's free places, so that the total
 * fit is the largest possible. It is a min-cost assignment solved exactly by successive shortest
 * paths: people are added one at a time, and each is placed along the cheapest path in the
 * residual graph (which may move people already placed to other roles, or out), found with
 * Dijkstra on costs kept non-negative by node potentials. Leaving someone unplaced is always
 * possible, at the cost of their fit.
 */

export interface AssignmentInput {
  people: number;
  /** Free places per role. */
  capacities: readonly number[];
  /** Allowed pairs with a positive fit; a person may appear in many. */
  pairs: readonly { person: number; role: number; fit: number }[];
  /** Stop adding people after this many milliseconds; those not reached stay unplaced. */
  budgetMs: number;
  now?: () => number;
}

export interface AssignmentResult {
  /** The role index per person, or -1. */
  roleOf: Int32Array;
  totalFit: number;
  /** How many people (in order) were considered before the budget ran out. */
  reached: number;
  stoppedEarly: boolean;
}

/** The value at `index`, which the solver's own bookkeeping guarantees is there. */
function at(values: ArrayLike<number>, index: number): number {
  const value = values[index];
  if (value === undefined) throw new RangeError(`no value at ${index}`);
  return value;
}

function listAt<T>(lists: T[][], index: number): T[] {
  const list = lists[index];
  if (!list) throw new RangeError(`no list at ${index}`);
  return list;
}

/** A binary heap of (distance, node), smallest distance first; stale entries are skipped by the reader. */
class Heap {
  private keys: number[] = [];
  private nodes: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, node: number): void {
    let index = this.keys.length;
    this.keys.push(key);
    this.nodes.push(node);
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (at(this.keys, parent) <= key) break;
      this.keys[index] = at(this.keys, parent);
      this.nodes[index] = at(this.nodes, parent);
      index = parent;
    }
    this.keys[index] = key;
    this.nodes[index] = node;
  }
  pop(): [number, number] {
    const top: [number, number] = [at(this.keys, 0), at(this.nodes, 0)];
    const lastKey = this.keys.pop() ?? 0;
    const lastNode = this.nodes.pop() ?? 0;
    const size = this.keys.length;
    if (!size) return top;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= size) break;
      const right = left + 1;
      const child = right < size && at(this.keys, right) < at(this.keys, left) ? right : left;
      if (at(this.keys, child) >= lastKey) break;
      this.keys[index] = at(this.keys, child);
      this.nodes[index] = at(this.nodes, child);
      index = child;
    }
    this.keys[index] = lastKey;
    this.nodes[index] = lastNode;
    return top;
  }
}

/**
 * The residual graph and its potentials. Nodes are people (0…P-1), roles (P…P+R-1) and one
 * UNPLACED node; costs are "W minus fit", so every cost is positive and staying unplaced costs W.
 */
class Solver {
  readonly P: number;
  readonly UNPLACED: number;
  readonly W: number;
  readonly edges: { role: number; cost: number }[][];
  readonly roleOf: Int32Array;
  readonly members: number[][];
  readonly potential: Float64Array;
  readonly dist: Float64Array;
  readonly via: Int32Array;

  constructor(private readonly input: AssignmentInput) {
    this.P = input.people;
    const roles = input.capacities.length;
    this.UNPLACED = this.P + roles;
    this.W = input.pairs.reduce((max, pair) => Math.max(max, pair.fit), 0) + 1;
    this.edges = Array.from({ length: this.P }, () => []);
    for (const pair of input.pairs) if (pair.fit > 0) listAt(this.edges, pair.person).push({ role: pair.role, cost: this.W - pair.fit });
    this.roleOf = new Int32Array(this.P).fill(-1);
    this.members = Array.from({ length: roles }, () => []);
    const nodes = this.UNPLACED + 1;
    this.potential = new Float64Array(nodes);
    this.dist = new Float64Array(nodes);
    this.via = new Int32Array(nodes);
  }

  costOf(person: number, role: number): number {
    const edge = listAt(this.edges, person).find((candidate) => candidate.role === role);
    if (!edge) throw new RangeError(`no edge from ${person} to role ${role}`);
    return edge.cost;
  }

  /** A node where a path may end: UNPLACED, or a role with a free place. */
  private isEnd(node: number): boolean {
    if (node === this.UNPLACED) return true;
    return node >= this.P && listAt(this.members, node - this.P).length < at(this.input.capacities, node - this.P);
  }

  /** Dijkstra from `source` on reduced costs; answers the end node reached, or -1. */
  private shortestPath(source: number): number {
    const { dist, via, potential } = this;
    dist.fill(Infinity);
    via.fill(-1);
    dist[source] = 0;
    const heap = new Heap();
    heap.push(0, source);
    while (heap.size) {
      const [distance, node] = heap.pop();
      if (distance > at(dist, node)) continue;
      if (this.isEnd(node)) return node;
      const relax = (next: number, cost: number) => {
        const reduced = distance + cost + at(potential, node) - at(potential, next);
        if (reduced < at(dist, next)) {
          dist[next] = reduced;
          via[next] = node;
          heap.push(reduced, next);
        }
      };
      if (node < this.P) {
        const current = at(this.roleOf, node);
        for (const edge of listAt(this.edges, node)) if (edge.role !== current) relax(this.P + edge.role, edge.cost);
        relax(this.UNPLACED, this.W);
      } else {
        // From a full role, back along the edge of someone placed there: they move on.
        const role = node - this.P;
        for (const member of listAt(this.members, role)) relax(member, -this.costOf(member, role));
      }
    }
    return -1;
  }

  /** Places `source` along the cheapest path, moving the people on it; keeps reduced costs non-negative. */
  place(source: number): void {
    const outgoing = listAt(this.edges, source);
    if (!outgoing.length) return;
    // Raise the newcomer's potential so every edge out of them has a non-negative reduced cost.
    let lift = at(this.potential, this.UNPLACED) - this.W;
    for (const edge of outgoing) lift = Math.max(lift, at(this.potential, this.P + edge.role) - edge.cost);
    this.potential[source] = lift;
    const end = this.shortestPath(source);
    if (end < 0) return;
    const reach = at(this.dist, end);
    for (let node = 0; node < this.potential.length; node += 1) this.potential[node] = at(this.potential, node) + Math.min(at(this.dist, node), reach);
    // Walk the path back: each person on it takes the node after them (a role, or UNPLACED).
    let node = end;
    for (;;) {
      const person = at(this.via, node);
      const from = at(this.via, person);
      const previous = at(this.roleOf, person);
      if (previous >= 0) {
        const list = listAt(this.members, previous);
        list.splice(list.indexOf(person), 1);
      }
      this.roleOf[person] = node === this.UNPLACED ? -1 : node - this.P;
      if (node !== this.UNPLACED) listAt(this.members, node - this.P).push(person);
      if (person === source) return;
      node = from;
    }
  }
}

export function solveAssignment(input: AssignmentInput): AssignmentResult {
  const now = input.now ?? (() => performance.now());
  const started = now();
  const solver = new Solver(input);
  let reached = 0;
  let stoppedEarly = false;
  for (let person = 0; person < input.people; person += 1) {
    if (now() - started > input.budgetMs) {
      stoppedEarly = true;
      break;
    }
    reached += 1;
    solver.place(person);
  }
  let totalFit = 0;
  solver.roleOf.forEach((role, person) => {
    if (role >= 0) totalFit += solver.W - solver.costOf(person, role);
  });
  return { roleOf: solver.roleOf, totalFit, reached, stoppedEarly };
}
