/**
 * Bridges between India's scripts. The Unicode blocks of Devanagari, Bengali, Gurmukhi,
 * Gujarati, Oriya, Tamil, Telugu, Kannada and Malayalam share one layout (from ISCII), so a
 * letter's offset in its block names the same sound in each: projecting a Bengali or Telugu word
 * into Devanagari lets it share features with Hindi and Marathi (টিকিট → टिकिट ~ टिकट), and a
 * rough Latin spelling of that lets Hindi share with Hinglish (पानी → pani).
 */
const DEVANAGARI = 0x0900;
const INDIC_FIRST = 0x0980;
const INDIC_LAST = 0x0dff;

/** The word in Devanagari letters, or null if it has no letters of the other Indian scripts. */
export function toDevanagari(word: string): string | null {
  let changed = false;
  let out = '';
  for (const ch of word) {
    const cp = ch.codePointAt(0) as number;
    if (cp >= INDIC_FIRST && cp <= INDIC_LAST) {
      out += String.fromCodePoint(DEVANAGARI + ((cp - DEVANAGARI) % 0x80));
      changed = true;
    } else out += ch;
  }
  return changed ? out : null;
}

const VOWELS: Record<string, string> = { अ: 'a', आ: 'a', इ: 'i', ई: 'i', उ: 'u', ऊ: 'u', ऋ: 'ri', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au', ऎ: 'e', ऒ: 'o', ऍ: 'e', ऑ: 'o' };
const SIGNS: Record<string, string> = { 'ा': 'a', 'ि': 'i', 'ी': 'i', 'ु': 'u', 'ू': 'u', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॆ': 'e', 'ॊ': 'o', 'ॅ': 'e', 'ॉ': 'o' };
const CONSONANTS: Record<string, string> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'n', च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n',
  ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n', त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n', ऩ: 'n',
  प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ऱ: 'r', ल: 'l', ळ: 'l', ऴ: 'l', व: 'v',
  श: 'sh', ष: 'sh', स: 's', ह: 'h', क़: 'k', ख़: 'kh', ग़: 'g', ज़: 'z', ड़: 'r', ढ़: 'rh', फ़: 'f', य़: 'y',
};
const NASALS = new Set(['ं', 'ँ']);
const VIRAMA = '्';
const NUKTA = '़';

/** A rough Latin spelling of a Devanagari word, the way Hinglish writers spell (पानी → pani). */
export function toLatin(word: string): string | null {
  const chars = Array.from(word.normalize('NFC'));
  let out = '';
  let any = false;
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i];
    if (chars[i + 1] === NUKTA) {
      ch += NUKTA;
      i++;
    }
    const consonant = CONSONANTS[ch.normalize('NFC')] ?? CONSONANTS[ch];
    if (consonant) {
      any = true;
      out += consonant;
      const next = chars[i + 1];
      // The inherent vowel: said inside a word, dropped at its end (कमरा → kamra is close enough).
      if (next !== undefined && (CONSONANTS[next] !== undefined || NASALS.has(next))) out += 'a';
      continue;
    }
    if (ch in VOWELS) {
      any = true;
      out += VOWELS[ch];
    } else if (ch in SIGNS) out += SIGNS[ch];
    else if (NASALS.has(ch)) out += 'n';
    else if (ch === 'ः') out += 'h';
    else if (ch !== VIRAMA) out += ch;
  }
  return any ? out : null;
}
