import type { Labels, Locale } from '../model.js';

/**
 * Labels for words that commonly name entities and fields, so a drafted schema reads naturally in
 * all three locales. Unknown words fall back to their English form in every locale (still valid;
 * the author edits them before creating).
 */
const WORDS: Record<string, [string, string]> = {
  address: ['地址', '地址'],
  age: ['年龄', '年齡'],
  amount: ['金额', '金額'],
  article: ['文章', '文章'],
  author: ['作者', '作者'],
  birthday: ['生日', '生日'],
  book: ['图书', '圖書'],
  brand: ['品牌', '品牌'],
  category: ['分类', '分類'],
  city: ['城市', '城市'],
  code: ['编码', '編碼'],
  color: ['颜色', '顏色'],
  content: ['内容', '內容'],
  count: ['数量', '數量'],
  cover: ['封面', '封面'],
  customer: ['客户', '客戶'],
  date: ['日期', '日期'],
  description: ['描述', '描述'],
  discount: ['折扣', '折扣'],
  email: ['邮箱', '郵箱'],
  employee: ['员工', '員工'],
  enabled: ['启用', '啟用'],
  end: ['结束', '結束'],
  event: ['活动', '活動'],
  image: ['图片', '圖片'],
  images: ['图片', '圖片'],
  invoice: ['发票', '發票'],
  item: ['条目', '條目'],
  level: ['等级', '等級'],
  name: ['名称', '名稱'],
  note: ['备注', '備註'],
  notes: ['备注', '備註'],
  number: ['编号', '編號'],
  order: ['订单', '訂單'],
  phone: ['电话', '電話'],
  price: ['价格', '價格'],
  product: ['商品', '商品'],
  project: ['项目', '項目'],
  quantity: ['数量', '數量'],
  remark: ['备注', '備註'],
  score: ['分数', '分數'],
  sort: ['排序', '排序'],
  start: ['开始', '開始'],
  status: ['状态', '狀態'],
  stock: ['库存', '庫存'],
  student: ['学生', '學生'],
  summary: ['摘要', '摘要'],
  supplier: ['供应商', '供應商'],
  tag: ['标签', '標籤'],
  tags: ['标签', '標籤'],
  task: ['任务', '任務'],
  time: ['时间', '時間'],
  title: ['标题', '標題'],
  total: ['总计', '總計'],
  type: ['类型', '類型'],
  url: ['链接', '連結'],
  user: ['用户', '用戶'],
  weight: ['重量', '重量'],
};

/** `unitPrice` → ['unit', 'price']. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Labels of a camelCase or kebab name: known words translated, the rest kept in English. */
export function labelsOf(name: string): Labels {
  const words = splitWords(name);
  const en = words.map((w, i) => (i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' ') || name;
  const known = words.every((w) => WORDS[w]);
  if (!known) return { 'zh-cn': en, 'zh-tw': en, en };
  return {
    'zh-cn': words.map((w) => WORDS[w]![0]).join(''),
    'zh-tw': words.map((w) => WORDS[w]![1]).join(''),
    en,
  };
}

/**
 * Labels of a property named `name` where `given` has none: `missing` lists the locales that fell back to the
 * English words (a word the table above does not know), which `npm run generate` reports as warnings.
 */
export function derivedLabels(name: string, given: Partial<Labels> = {}): { labels: Labels; missing: Locale[] } {
  const derived = labelsOf(name);
  const translated = splitWords(name).every((w) => WORDS[w]);
  const labels = { ...derived, ...given };
  const missing = (['zh-cn', 'zh-tw'] as const).filter((l) => given[l] === undefined && !translated);
  return { labels, missing };
}

/** English word for a Chinese one ("价格" → price), used by the offline drafter. */
export function wordOfChinese(text: string): string | undefined {
  for (const [word, [cn, tw]] of Object.entries(WORDS)) if (cn === text || tw === text) return word;
  return undefined;
}

/**
 * An entity's labels where `given` names at least one locale (a first draft often states only one): a missing
 * locale falls back to the other Chinese form, or to the English text translated word by word where the words are
 * known, else to the text given. Every locale not given is listed in `missing`, which `npm run generate` warns about.
 */
export function entityLabels(given: Partial<Labels>): { labels: Labels; missing: Locale[] } {
  const any = given.en ?? given['zh-cn'] ?? given['zh-tw'] ?? '';
  const fromEn = given.en !== undefined && splitWords(given.en).every((w) => WORDS[w]) ? labelsOf(given.en) : undefined;
  const fromZh = given['zh-cn'] ?? given['zh-tw'];
  const english = fromZh !== undefined ? wordOfChinese(fromZh) : undefined;
  const labels: Labels = {
    'zh-cn': given['zh-cn'] ?? fromEn?.['zh-cn'] ?? given['zh-tw'] ?? any,
    'zh-tw': given['zh-tw'] ?? fromEn?.['zh-tw'] ?? given['zh-cn'] ?? any,
    en: given.en ?? (english ? labelsOf(english).en : any),
  };
  const missing = (['zh-cn', 'zh-tw', 'en'] as const).filter((l) => given[l] === undefined);
  return { labels, missing };
}
