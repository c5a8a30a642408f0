import { useEffect, useState } from 'react';
import type { Request } from '../../core/request';

/** The modules new code may go into; the coding endpoints' refusal when they are closed (outside development). */
export function useCodingModules(request: Request, locale: string) {
  // The coding endpoints are development-only: their refusal (translated by the server) is shown up front.
  const [disabled, setDisabled] = useState<string>();
  const [modules, setModules] = useState<string[]>([]);
  useEffect(() => {
    request<{ module: string }[]>({ url: '/admin/base/coding/getModuleTree', method: 'GET', progress: false })
      .then((tree) => setModules(tree.map((m) => m.module)))
      .catch((err: unknown) => setDisabled(err instanceof Error ? err.message : String(err)));
    // Asked again on a language switch, so the server's reason is shown in the new language.
  }, [request, locale]);
  return { disabled, modules };
}
