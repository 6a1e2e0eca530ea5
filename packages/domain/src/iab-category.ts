/**
 * What a plan advertises, as OpenRTB names it: the tier-1 categories of the IAB Content
 * Taxonomy 1.0 (`cattax` 1, the 2.6 default of both a bid's `cat` and a request's `bcat`),
 * IAB1–IAB23; IAB24 (uncategorised) is the plan stating none, IAB25/26 (non-standard and
 * illegal content) are blocked by exchanges, never declared by an advertiser. Why 1.0 rather
 * than a newer taxonomy: docs/decisions/openrtb-answers.md.
 */
import { defineEnum } from './enum.js';

/** OpenRTB 2.6 List: Category Taxonomies — 1 = IAB Content Category Taxonomy 1.0. */
export const IAB_CATTAX = 1;

export const IabCategory = defineEnum({
  artsEntertainment: { value: 'IAB1', en: 'Arts & Entertainment', zh: '艺术与娱乐' },
  automotive: { value: 'IAB2', en: 'Automotive', zh: '汽车' },
  business: { value: 'IAB3', en: 'Business', zh: '商业' },
  careers: { value: 'IAB4', en: 'Careers', zh: '职业' },
  education: { value: 'IAB5', en: 'Education', zh: '教育' },
  familyParenting: { value: 'IAB6', en: 'Family & Parenting', zh: '家庭与育儿' },
  healthFitness: { value: 'IAB7', en: 'Health & Fitness', zh: '健康与健身' },
  foodDrink: { value: 'IAB8', en: 'Food & Drink', zh: '美食与饮品' },
  hobbiesInterests: { value: 'IAB9', en: 'Hobbies & Interests', zh: '爱好与兴趣' },
  homeGarden: { value: 'IAB10', en: 'Home & Garden', zh: '家居与园艺' },
  lawGovernment: { value: 'IAB11', en: 'Law, Government & Politics', zh: '法律、政府与政治' },
  news: { value: 'IAB12', en: 'News', zh: '新闻' },
  personalFinance: { value: 'IAB13', en: 'Personal Finance', zh: '个人理财' },
  society: { value: 'IAB14', en: 'Society', zh: '社会' },
  science: { value: 'IAB15', en: 'Science', zh: '科学' },
  pets: { value: 'IAB16', en: 'Pets', zh: '宠物' },
  sports: { value: 'IAB17', en: 'Sports', zh: '体育' },
  styleFashion: { value: 'IAB18', en: 'Style & Fashion', zh: '时尚' },
  technology: { value: 'IAB19', en: 'Technology & Computing', zh: '科技与计算机' },
  travel: { value: 'IAB20', en: 'Travel', zh: '旅游' },
  realEstate: { value: 'IAB21', en: 'Real Estate', zh: '房地产' },
  shopping: { value: 'IAB22', en: 'Shopping', zh: '购物' },
  religion: { value: 'IAB23', en: 'Religion & Spirituality', zh: '宗教与灵性' },
});

/**
 * A request's `bcat` blocks a plan of this tier-1 category when it lists the category itself
 * (`IAB7`). A subcategory alone (`IAB7-39`) does not: the plan says it is about health in
 * general, not that it is in the blocked subcategory. Codes are compared as the taxonomy
 * writes them, ignoring case and spaces. Only when the request's `cattax` is 1 (or absent).
 */
export function categoryBlocked(
  category: string,
  bcat: readonly string[] | undefined,
  cattax: number | undefined,
): boolean {
  if (!bcat || bcat.length === 0 || (cattax ?? IAB_CATTAX) !== IAB_CATTAX) return false;
  const own = category.trim().toUpperCase();
  return bcat.some((blocked) => blocked.trim().toUpperCase() === own);
}

/**
 * A request's `badv` blocks an advertiser domain when it lists the domain or a parent of it
 * (`shop.example` blocks `eu.shop.example`, not `myshop.example`); case and a `www.` aside.
 */
export function domainBlocked(domain: string, badv: readonly string[] | undefined): boolean {
  if (!badv || badv.length === 0) return false;
  const host = domain
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
  return badv.some((entry) => {
    const blocked = entry
      .trim()
      .toLowerCase()
      .replace(/^www\./, '');
    return blocked !== '' && (host === blocked || host.endsWith(`.${blocked}`));
  });
}
