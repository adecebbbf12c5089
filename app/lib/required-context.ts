/** A React context that must have a provider: its Provider and a hook that throws without one. */
import { createContext, useContext } from 'react';

/**
 * Makes a context whose hook throws `Error('<name> needs its provider')` when no provider is
 * above the caller, so a missing provider fails loudly instead of reading null.
 */
export function createRequiredContext<T>(name: string) {
  const Context = createContext<T | null>(null);
  function useRequired(): T {
    const value = useContext(Context);
    if (!value) throw new Error(`${name} needs its provider`);
    return value;
  }
  return [Context.Provider, useRequired] as const;
}
