import { type AssistantLanguage, SCRIPT_LETTERS, todayInIndia } from '@railmadad/contract';

/**
 * Reading a passenger's message: which language it is in, and the railway facts in it
 * (complaint references, PNR, train, coach, date). Pure functions; docs/assistant.md.
 */

const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/g;

/** Lower case, compatibility forms folded, zero-width characters gone, stretched letters shortened. */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(INVISIBLE, '')
    .replace(/(\p{L})\1{2,}/gu, '$1$1');
}

/** Words: letters with their combining marks (Indic vowel signs stay inside the word), digits apart. */
export function words(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{M}]+|\p{N}+/gu) ?? [];
}

/** A script, and the language it means when nothing tells its sharers apart. */
const SCRIPTS: [AssistantLanguage, RegExp][] = (
  [
    ['hi', 'devanagari'],
    ['bn', 'bengali'],
    ['pa', 'gurmukhi'],
    ['gu', 'gujarati'],
    ['or', 'oriya'],
    ['ta', 'tamil'],
    ['te', 'telugu'],
    ['kn', 'kannada'],
    ['ml', 'malayalam'],
    ['ur', 'arabic'],
  ] as const
).map(([language, script]) => [language, SCRIPT_LETTERS[script]]);
/** The languages that share a script with the one SCRIPTS names for it. */
const SHARERS: Partial<Record<AssistantLanguage, AssistantLanguage[]>> = { hi: ['mr', 'ne', 'sa'], bn: ['as'], ur: ['sd'] };
/** Letters Assamese writes and Bengali does not (ৰ, ৱ). */
const ASSAMESE_LETTERS = /[\u09f0\u09f1]/;
/** Letters Sindhi writes and Urdu does not (ڪ ٻ ڄ ڃ ٺ ٽ ٿ ڦ ڊ ڌ ڍ ڏ ڳ ڱ ڇ ۾ …). */
const SINDHI_LETTERS = /[\u067a\u067b\u067d\u067f\u0680\u0683\u0684\u0687\u068a\u068c\u068d\u068f\u06a6\u06aa\u06b1\u06b3\u06fe]/;
/** Words and endings only Nepali uses among everyday Devanagari. */
const NEPALI = new Set(['छ', 'छन्', 'छैन', 'छु', 'भयो', 'मेरो', 'तपाईं', 'तपाईँ', 'हुन्छ', 'गर्नुहोस्', 'कहिले', 'कसरी', 'किन', 'पनि', 'थियो', 'भएको', 'गरेको', 'उजुरी', 'चाहन्छु', 'सक्छु', 'लागि', 'कति', 'कुन', 'यो', 'त्यो', 'अहिले', 'हिजो', 'भन्नुहोस्', 'दिनुहोस्', 'हजुर', 'गर्ने', 'गर्नु', 'गर्न', 'गरेर', 'पाउने', 'मिल्छ', 'सकिन्छ', 'पाइन्छ', 'चाहिन्छ', 'आएन', 'भएन', 'मिलेन', 'चलेन', 'गरें', 'हुँदैन', 'मलाई', 'हामी', 'तपाईंको', 'हुनुहुन्छ', 'भन्नुस्', 'गर्नुस्', 'दिनुस्', 'अनि', 'धेरै', 'होइन']);
/** Words only Sanskrit uses among everyday Devanagari. */
const SANSKRIT = new Set(['अस्ति', 'नास्ति', 'सन्ति', 'भवति', 'भवान्', 'भवतः', 'अहम्', 'मम', 'मया', 'किम्', 'किं', 'कथम्', 'कथं', 'कुत्र', 'इदानीम्', 'अद्यापि', 'शक्नोमि', 'इच्छामि', 'वदतु', 'करोतु', 'जातम्', 'आसीत्', 'एतत्', 'किमर्थम्', 'कृत्वा', 'अस्माकम्', 'रेलयाने', 'परिवादः', 'चलति', 'रेलयानम्']);
/** Sanskrit endings: -म्, visarga, a consonant closed by anusvara (परिवादं), -ानि/-ाणि, -न्ति/-न्ते. */
const SANSKRIT_SHAPE = /(म्|ः|[\u0915-\u0939]ं|ानि|ाणि|न्ति|न्ते)$/;
/** Nepali endings: -छु/-छन्, polite -नुहोस्, -एको, the past in -यो and its negative in -एन (लियो, दिएन). */
const NEPALI_SHAPE = /(छु|छन्|छौं|नुहोस्|एको|ेको|ेँ|यो|एन)$/;

/** Words only Marathi uses among everyday Devanagari: enough to tell it from Hindi. */
const MARATHI = new Set(['आहे', 'आहेत', 'माझा', 'माझी', 'माझे', 'माझ्या', 'नाही', 'नाहीत', 'कुठे', 'झाला', 'झाली', 'केली', 'केला', 'तक्रार', 'आणि', 'मला', 'कसे', 'कशी', 'काय', 'होते', 'आम्ही', 'तुम्ही', 'डब्यात', 'गाडी', 'मध्ये', 'पाहिजे', 'करा', 'सांगा', 'द्या', 'द्यावी', 'आहोत', 'कधी', 'किती']);
/** Letters and endings Marathi uses and Hindi hardly does: ळ, -च्या, -ायचे/-ायची/-ायला, -ाचा/-ाची/-ाचे, -तोय/-तेय. */
const MARATHI_SHAPE = /ळ|च्या$|ायचे$|ायची$|ायला$|ाचा$|ाची$|ाचे$|ीचा$|ीची$|ीचे$|तोय$|तेय$|लंय$|णार$/;
/** Hindi words written in Latin letters that English does not use: one or two make it Hinglish. */
const HINGLISH = new Set(
  (
    'hai hain ho hoga hua hui hue tha thi kya kyu kyun kaise kaisa kahan kaha kab kitna kitne mera meri mere mujhe mujhko humko hum ' +
    'aap aapka aapki apna apni nahi nahin nhi bhi bahut bohot bhai bhaiya bhaiyya bhaisahab didi ji abhi jaldi kal aaj yeh ye woh wo ka ki ke ko se mein ' +
    'par pe raha rahi rahe gaya gayi gaye karo karna karein kare kr kar diya dijiye batao bataiye bata chahiye koi kuch sab baat shikayat ' +
    'paani pani khana ganda gandi saaf dibba dibbe dabba hua wala wali wale kisi kaun liye lekin aur sirf bina'
  ).split(' '),
);
/** English words common enough to keep a message English though it holds a Hindi name or two. */
const ENGLISH = new Set('the is are was were my i me you your please what where when how why not no is it this that of in on to for and with have has from status complaint train coach'.split(' '));

/**
 * The language a message is written in, from its script (and, for Devanagari and Latin letters,
 * its words). A message with nothing to go on (a bare reference) keeps `fallback`.
 */
export function detectLanguage(text: string, fallback: AssistantLanguage = 'en'): AssistantLanguage {
  let best: AssistantLanguage | null = null;
  let most = 0;
  for (const [language, pattern] of SCRIPTS) {
    const n = text.match(pattern)?.length ?? 0;
    if (n > most) {
      most = n;
      best = language;
    }
  }
  const latin = text.match(/[a-z]/gi)?.length ?? 0;
  const ws = words(text);
  if (best && most >= latin / 2) return sharerOf(best, ws, text, fallback);
  const latinWords = ws.filter((w) => /^[a-z]+$/.test(w));
  if (latinWords.length === 0) return fallback;
  const hindi = latinWords.filter((w) => HINGLISH.has(w)).length;
  const english = latinWords.filter((w) => ENGLISH.has(w)).length;
  if (hindi >= 2 && hindi >= english) return 'hi-Latn';
  if (hindi === 1 && latinWords.length <= 4 && english === 0) return 'hi-Latn';
  // Only numbers, codes and a word or two ("train 12779", "pnr 2345678901"): the conversation's language goes on.
  if (hindi === 0 && latinWords.length <= 3) return fallback;
  return 'en';
}

/** Which of the languages sharing a script a message is in: its letters and words, else the conversation's. */
function sharerOf(script: AssistantLanguage, ws: string[], text: string, fallback: AssistantLanguage): AssistantLanguage {
  const marked = (set: Set<string>, shape: RegExp) => {
    const n = ws.filter((w) => set.has(w) || shape.test(w)).length;
    return n >= 1 && n >= ws.length / 12;
  };
  if (script === 'bn' && ASSAMESE_LETTERS.test(text)) return 'as';
  if (script === 'ur' && SINDHI_LETTERS.test(text)) return 'sd';
  if (script === 'hi') {
    if (marked(SANSKRIT, SANSKRIT_SHAPE)) return 'sa';
    if (marked(NEPALI, NEPALI_SHAPE)) return 'ne';
    if (marked(MARATHI, MARATHI_SHAPE)) return 'mr';
  }
  // Nothing tells them apart: a Nepali or Assamese reader goes on in their own language.
  const sharers = SHARERS[script] ?? [];
  return sharers.includes(fallback) && fallback !== 'mr' ? fallback : script;
}

/** Complaint references as the passenger types them: "CMP100234", "cmp 100234", "#CMP-100234". */
export function findReferences(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\bcmp[\s#:-]*(\d{4,9})\b/gi)) found.add(`CMP${m[1]}`);
  return [...found];
}

export type Extracted = {
  trainNumber?: string;
  pnr?: string;
  utsNumber?: string;
  coach?: string;
  berth?: string;
  incidentDate?: string;
};

/** The Indian Railways coach codes: sleeper S1, AC B2 / A1 / H1 / M1, chair car C3 / D4, general GS / GEN, pantry. */
const COACH = /\b(?:coach|bogie|dibba|dibbe|डिब्बा|डिब्बे|कोच)?\s*[-#:]?\s*\b((?:s|b|a|h|m|c|d|e|g|j|hA|ha|sl)\s?-?\s?\d{1,2}|gs|gen|sl\d{1,2}|pc)\b/giu;

const DAY_MS = 24 * 60 * 60 * 1000;

function shiftDay(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Dates: today / yesterday words in the languages we read, or a written date (DD-MM-YYYY, DD/MM/YY). */
export function findDate(text: string, now = new Date()): string | undefined {
  const today = todayInIndia(now);
  const t = normalize(text);
  // Whole words: "कल" inside "निकल" or "कलकत्ता" is not a day.
  const ws = new Set(words(text));
  const any = (list: string[]) => list.some((w) => ws.has(w));
  if (/day before yesterday/.test(t) || any(['parso', 'परसों', 'परवा', 'ਪਰਸੋਂ', 'پرسوں'])) return shiftDay(today, -2);
  // A complaint tells of the past: "कल" / "kal" on its own is yesterday, not tomorrow.
  if (/\byesterday\b|last night|\byday\b|बीती रात/.test(t) || any(['kal', 'कल', 'काल', 'गतकाल', 'நேற்று', 'నిన్న', 'গতকাল', 'ગઈકાલે', 'ગઇકાલે', 'કાલે', 'ನಿನ್ನೆ', 'ഇന്നലെ', 'ਕੱਲ੍ਹ', 'ਕੱਲ', 'کل', 'কালি', 'যোৱাকালি', 'ଗତକାଲି', 'କାଲି', 'हिजो', 'ह्यः', 'ڪالهه'])) return shiftDay(today, -1);
  if (/\btoday\b|right now|just now|this morning|\btonight\b/.test(t) || any(['aaj', 'abhi', 'आज', 'अभी', 'आत्ता', 'இன்று', 'ఈరోజు', 'ఇప్పుడు', 'இப்போது', 'আজ', 'এখন', 'આજે', 'હમણાં', 'ಇಂದು', 'ಈಗ', 'ഇന്ന്', 'ഇപ്പോൾ', 'ਅੱਜ', 'ਹੁਣ', 'آج', 'ابھی', 'আজি', 'এতিয়া', 'ଆଜି', 'ଏବେ', 'अहिले', 'अद्य', 'اڄ', 'هاڻي'])) return today;
  const m = t.match(/\b(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})\b/);
  if (m) {
    const year = m[3].length === 2 ? `20${m[3]}` : m[3];
    const iso = `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
    if (!Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) && new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso)) return iso;
  }
  return undefined;
}

/**
 * Train (5 digits), PNR (10 digits), UTS ticket number, coach and date found in a message.
 * A 10-digit number after "mobile"/"phone" is a phone number, not a PNR.
 */
export function extractFacts(text: string, now = new Date()): Extracted {
  const out: Extracted = {};
  const withoutPhones = text.replace(/(?:\+91[\s-]?|\b(?:mobile|phone|mob|ph|फोन|मोबाइल)\s*(?:no\.?|number)?\s*[:-]?\s*)\d{10}\b/gi, ' ');
  const pnr = withoutPhones.match(/(?<![\d+])\d{3}[\s-]?\d{7}(?!\d)/);
  if (pnr) out.pnr = pnr[0].replace(/\D/g, '');
  const rest = withoutPhones.replace(/\bcmp[\s#:-]*\d+/gi, ' ').replace(pnr?.[0] ?? '\u0000', ' ');
  const train = rest.match(/(?<![\d.:/-])\d{5}(?![\d.:/-])/);
  if (train) out.trainNumber = train[0];
  const uts = text.match(/\buts\b[^a-z0-9]*(?:(?:no|number|ticket|tkt|is|it's|its)\b[^a-z0-9]*){0,3}([a-z0-9]{6,20})\b/i);
  if (uts && /\d/.test(uts[1])) out.utsNumber = uts[1].toUpperCase();
  for (const m of text.matchAll(COACH)) {
    const code = m[1].replace(/[\s-]/g, '').toUpperCase();
    // "a 1" alone is too weak; a coach needs the word coach before it or the compact form (S3, B12).
    if (!m[0].match(/coach|bogie|dibba|dibbe|डिब्बा|डिब्बे|कोच/i) && !/^(S|B|A|H|M|C|D|E|SL)\d{1,2}$|^(GS|GEN)$/.test(code)) continue;
    out.coach = code;
    break;
  }
  const berth = text.match(/\b(?:berth|seat|seat no\.?|berth no\.?)\s*[:#-]?\s*(\d{1,3})\b/i);
  if (berth) out.berth = berth[1];
  const date = findDate(text, now);
  if (date) out.incidentDate = date;
  return out;
}
