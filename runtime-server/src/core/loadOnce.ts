/**
 * `load` run at the first call, its promise shared by every later one: for libraries an instance may never need
 * (their code and data stay out of its memory until then). A failed load is not kept: the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
