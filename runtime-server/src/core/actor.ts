/** The signed-in admin making a request (set by the auth guard on `ctx.state.actor`). */
export interface Actor {
  userId: number;
  username: string;
  /** The one explicit super-admin flag (base_sys_user.isSuper): every permission, every department. */
  isSuper: boolean;
  departmentId: number | null;
  sessionId: number;
}
