/** Fired on window after a dropped plugin was installed (docs/reference/product-spec.md §4), so an open plugin list reloads. Its own file: the list screen imports it without loading the drop extension. */
export const PLUGIN_REFRESH_EVENT = 'plugin:refresh';
