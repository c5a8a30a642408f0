import { defineMessages } from '../../core/i18n.js';

/** The task module's server messages (merged into the catalog at boot: ModuleDefinition.messages). */
export const messages = defineMessages({
  'zh-cn': {
    'task.cronInvalid': 'Cron 表达式（cron）格式不正确：「{cron}」，应为 5 段，或 6 段（第一段为秒）',
    'task.cronRequired': 'cron 任务必须填写 Cron 表达式（cron）',
    'task.dateRange': '结束时间（endDate）必须晚于开始时间（startDate）',
    'task.dbError': '数据库错误，详情见服务器日志',
    'task.everyRequired': '间隔任务必须填写执行间隔（every，毫秒，整秒，至少 1000）',
    'task.noFutureRun': '该任务在结束时间（endDate）之前已没有可执行的时间，无法运行',
    'task.scheduleInvalid': '调度配置无效（{reason}），任务已停止',
    'task.serviceRequired': '必须填写执行服务（service）',
    'task.serviceUnknown': '执行服务（service）「{service}」未注册，可用：{available}',
    'task.shuttingDown': '服务正在停止，请稍后再试',
  },
  'zh-tw': {
    'task.cronInvalid': 'Cron 運算式（cron）格式不正確：「{cron}」，應為 5 段，或 6 段（第一段為秒）',
    'task.cronRequired': 'cron 任務必須填寫 Cron 運算式（cron）',
    'task.dateRange': '結束時間（endDate）必須晚於開始時間（startDate）',
    'task.dbError': '資料庫錯誤，詳情見伺服器日誌',
    'task.everyRequired': '間隔任務必須填寫執行間隔（every，毫秒，整秒，至少 1000）',
    'task.noFutureRun': '該任務在結束時間（endDate）之前已沒有可執行的時間，無法執行',
    'task.scheduleInvalid': '排程設定無效（{reason}），任務已停止',
    'task.serviceRequired': '必須填寫執行服務（service）',
    'task.serviceUnknown': '執行服務（service）「{service}」未註冊，可用：{available}',
    'task.shuttingDown': '服務正在停止，請稍後再試',
  },
  en: {
    'task.cronInvalid': 'Cron expression (cron) is not valid: "{cron}"; use 5 fields, or 6 with seconds first',
    'task.cronRequired': 'A cron task needs a cron expression (cron)',
    'task.dateRange': 'End time (endDate) must be later than start time (startDate)',
    'task.dbError': 'Database error; see the server log',
    'task.everyRequired': 'An interval task needs an interval (every, in ms, whole seconds, at least 1000)',
    'task.noFutureRun': 'The task has no run time left before its end time (endDate), so it cannot run',
    'task.scheduleInvalid': 'The schedule is not valid ({reason}); the task was stopped',
    'task.serviceRequired': 'A service (service) is required',
    'task.serviceUnknown': 'Service (service) "{service}" is not registered; available: {available}',
    'task.shuttingDown': 'The server is shutting down; try again shortly',
  },
});

declare module '../../locales/moduleKeys.js' {
  interface ModuleMessageKeys extends Record<keyof typeof messages.en, true> {}
}
