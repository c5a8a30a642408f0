/**
 * The app's services as the kernel's lower layers name them: an action's context (`core/handler.ts`), a CRUD
 * context's `app` (`crud/context.ts`), a task run (`core/taskHandler.ts`). Empty here: it is `AppServices`
 * (`app/services.ts`), which merges itself into this interface. These layers so name the app without importing the
 * file that names them: no import cycle, type-only imports included (`scripts/importBoundaries.test.ts`).
 */
export interface App {}
