import { describe, expect, it } from 'vitest';
import { oneEditApart } from './intents';
import { createKnowledgeBase, fill, loadKnowledge, unfilled } from './knowledge';
import { ASSISTANT_DIR } from './knowledge';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLanguage, extractFacts, findDate, findReferences } from './text';

const NOW = new Date('2026-11-24T06:00:00Z'); // 11:30 in India

describe('detectLanguage', () => {
  it.each([
    ['where is my complaint', 'en'],
    ['meri complaint ka kya hua bhai', 'hi-Latn'],
    ['मेरी शिकायत कहाँ है', 'hi'],
    ['माझी तक्रार कुठे आहे', 'mr'],
    ['तक्रारीची माहिती द्या', 'mr'],
    ['আমার অভিযোগের কী হল', 'bn'],
    ['என் புகார் என்ன ஆச்சு', 'ta'],
    ['నా ఫిర్యాదు ఏమైంది', 'te'],
    ['મારી ફરિયાદ ક્યાં છે', 'gu'],
    ['ನನ್ನ ದೂರು ಏನಾಯಿತು', 'kn'],
    ['എന്റെ പരാതി എവിടെ', 'ml'],
    ['ਮੇਰੀ ਸ਼ਿਕਾਇਤ ਕਿੱਥੇ ਹੈ', 'pa'],
    ['ମୋ ଅଭିଯୋଗ କେଉଁଠି ଅଛି', 'or'],
    ['میری شکایت کہاں ہے', 'ur'],
    ['منهنجي شڪايت ڪٿي آهي', 'sd'],
    ['মোৰ অভিযোগৰ কি হ’ল', 'as'],
    ['मेरो उजुरी कहाँ पुग्यो', 'ne'],
    ['मम परिवादः कुत्र अस्ति', 'sa'],
    ['परिवादेन सह कति चित्राणि प्रेषयितुं शक्यन्ते', 'sa'],
    ['प्यान्ट्रीको मान्छेले २० रुपैयाँ बढी लियो, बिल दिएन', 'ne'],
  ])('%s → %s', (text, language) => expect(detectLanguage(text)).toBe(language));

  it('keeps a Nepali, Sanskrit, Assamese or Sindhi reader in their language when the script alone cannot tell', () => {
    expect(detectLanguage('शिकायत कहाँ है', 'ne')).toBe('ne');
    expect(detectLanguage('शिकायत कहाँ है', 'sa')).toBe('sa');
    expect(detectLanguage('শিকায়ত কোথায়', 'as')).toBe('as');
    expect(detectLanguage('شکایت کہاں', 'sd')).toBe('sd');
    expect(detectLanguage('शिकायत कहाँ है', 'gu')).toBe('hi');
  });

  it('keeps the conversation’s language for a bare number or code', () => {
    expect(detectLanguage('pnr 2345678901', 'hi-Latn')).toBe('hi-Latn');
    expect(detectLanguage('CMP100234', 'ta')).toBe('ta');
  });
});

describe('findReferences', () => {
  it('reads references however they are typed', () => {
    expect(findReferences('status of cmp 100234 and #CMP-100235, also CMP100234')).toEqual(['CMP100234', 'CMP100235']);
    expect(findReferences('my pnr is 2345678901')).toEqual([]);
  });
});

describe('extractFacts', () => {
  it('finds train, PNR, coach and berth, and does not take a phone number for a PNR', () => {
    expect(extractFacts('toilet in S3 dirty, train 12951 PNR 4512345678, berth 23, my mobile 9812345678', NOW)).toMatchObject({
      trainNumber: '12951',
      pnr: '4512345678',
      coach: 'S3',
      berth: '23',
    });
    expect(extractFacts('call me on +91 9812345678, coach B2', NOW).pnr).toBeUndefined();
    expect(extractFacts('A1 कोच में कंबल फटा, ट्रेन 12424', NOW)).toMatchObject({ coach: 'A1', trainNumber: '12424' });
    expect(extractFacts('no pnr, it is a uts ticket, number X1234567', NOW).utsNumber).toBe('X1234567');
  });

  it('reads days in several languages, and "कल" only as a word', () => {
    expect(findDate('it happened yesterday', NOW)).toBe('2026-11-23');
    expect(findDate('कल ट्रेन में टीटीई ने बदतमीज़ी की', NOW)).toBe('2026-11-23');
    expect(findDate('ट्रेन निकल गई', NOW)).toBeUndefined();
    expect(findDate('abhi abhi bag chori hua', NOW)).toBe('2026-11-24');
    expect(findDate('on 21/11/2026 the AC failed', NOW)).toBe('2026-11-21');
    expect(findDate('on 31/02/2026', NOW)).toBeUndefined();
    expect(findDate('ನಿನ್ನೆ ರಾತ್ರಿ ಕೋಚ್ S3 ನಲ್ಲಿ ಫ್ಯಾನ್ ಕೆಲಸ ಮಾಡಲಿಲ್ಲ', NOW)).toBe('2026-11-23');
    expect(findDate('ਕੱਲ੍ਹ ਰਾਤ ਪਾਣੀ ਨਹੀਂ ਸੀ', NOW)).toBe('2026-11-23');
    expect(findDate('ഇന്ന് രാവിലെ ഭക്ഷണം മോശമായിരുന്നു', NOW)).toBe('2026-11-24');
  });
});

describe('intent words', () => {
  it('forgive one slip in a long word, not a different short word', () => {
    expect(oneEditApart('statsu', 'status')).toBe(true);
    expect(oneEditApart('complants', 'complaints')).toBe(true);
    expect(oneEditApart('status', 'statue')).toBe(true);
    expect(oneEditApart('status', 'stratus')).toBe(true);
    expect(oneEditApart('status', 'sauces')).toBe(false);
  });
});

describe('the knowledge base', () => {
  const facts = { helpline: '139', supportEmail: 'help@example.org', 'dueHours.high': 4, 'dueHours.medium': 24, 'dueHours.low': 72, emergencyMinutes: 8, publicUrl: 'http://x' };
  const entries = loadKnowledge();

  it('has the same topics in every language, and every placeholder can be filled', () => {
    const ids = entries.get('en')?.map((e) => e.id);
    expect(ids?.length).toBeGreaterThan(19);
    for (const [language, list] of entries) {
      expect(list.map((e) => e.id), language).toEqual(ids);
      for (const e of list) expect(unfilled(`${e.title} ${e.answer}`, facts), `${language}:${e.id}`).toEqual([]);
    }
  });

  it('fills configured figures and constants, with units', () => {
    expect(fill('{{dueHours.high}} h, {{REOPEN_WINDOW_DAYS}} days, {{PHOTO_MAX_BYTES|mb}} MB', facts)).toBe('4 h, 7 days, 10 MB');
  });

  it('finds the topic in Indian scripts and answers in the language asked', () => {
    const kb = createKnowledgeBase(entries, facts);
    expect(kb.search('PNR नंबर क्या होता है', 'hi').passages[0]?.id).toBe('pnr');
    expect(kb.search('what is a PNR', 'en').passages[0]?.id).toBe('pnr');
    const tamil = kb.search('ரீஃபண்ட் எப்போது கிடைக்கும்', 'ta');
    expect(tamil.language).toBe('ta');
    expect(tamil.passages[0]?.id).toBe('refund');
  });
});

describe('the assistant’s sentences', () => {
  const dir = join(ASSISTANT_DIR, 'phrases');
  const read = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
  const placeholders = (v: unknown) => [...JSON.stringify(v).matchAll(/\{\{\s*([\w.|]+)\s*\}\}/g)].map((m) => m[1]).sort();
  const en = read('en.json');

  it('every language says every sentence, with the same placeholders', () => {
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'en.json')) {
      const own = read(name);
      expect(Object.keys(own).sort(), name).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) expect(placeholders(own[key]), `${name}:${key}`).toEqual(placeholders(en[key]));
    }
  });
});
