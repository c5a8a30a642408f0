/**
 * The message keys the modules add (each module's `messages.ts` merges its keys in), so `MessageKey` names them
 * too while the kernel's locales hold only the kernel's own keys. Their texts join the catalog at boot
 * (`ModuleDefinition.messages`, core/i18n.ts `addMessages`).
 */
export interface ModuleMessageKeys {}
