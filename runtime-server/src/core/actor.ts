/** The signed-in admin making a request (set by the auth guard on `ctx.state.actor`). */
export interface Actor {
  userId: number;
  username: string;
  /** The one explicit super-admin flag (base_sys_user.isSuper): every permission, every department. */
  isSuper: boolean;
  departmentId: number | null;
  /** The user's tenant (base_sys_user.tenantId); null = platform level, not tenant-restricted. */
  tenantId: number | null;
  sessionId: number;
}
