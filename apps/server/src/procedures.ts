import type { ProcedureName } from '@mc/contract';
import { FEATURES } from './manifests.ts';
import type { Procedure } from './rpc/procedure.ts';

/** One intersection of every member of a union: the manifests' procedure objects merged, as a type. */
type Merged<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Every feature's procedures, as one object type (a feature without procedures adds nothing). */
type Registry = Merged<(typeof FEATURES)[number] extends infer F ? (F extends { procedures: infer P } ? P : never) : never>;

function mergeProcedures(): Registry {
  const merged: Record<string, Procedure> = {};
  for (const feature of FEATURES) {
    for (const [name, handler] of Object.entries<Procedure>(feature.procedures)) {
      if (Object.hasOwn(merged, name)) throw new Error(`the procedure ${name} is offered by two features`);
      merged[name] = handler;
    }
  }
  // The loop above builds exactly the merge that Registry describes.
  return merged as Registry;
}

/**
 * Every procedure of the contract with its handler, from each feature's manifest (manifests.ts):
 * part of the root (docs/ARCHITECTURE.md); the RPC route gets `findProcedure` from here, and tests
 * iterate it. The `satisfies` makes this complete by type: a procedure added to the contract
 * without a handler in some manifest does not compile, and a handler filed under another
 * procedure's name does not either.
 */
export const procedures = mergeProcedures() satisfies { [N in ProcedureName]: Procedure<N> };

/** The handler for a name from the URL, or undefined (also for inherited names such as "toString"). */
export function findProcedure(name: string): Procedure | undefined {
  return Object.hasOwn(procedures, name) ? procedures[name as ProcedureName] : undefined;
}
