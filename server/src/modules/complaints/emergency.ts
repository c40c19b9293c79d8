import type { ComplaintType } from '@railmadad/contract';

/**
 * A first, simple emergency rule (the classifier replaces it): a medical or security complaint
 * whose words say someone is in danger now. English, Hinglish and Hindi cues.
 */
const CUES = [
  // medical
  /unconscious|faint(ed|ing)?|not breathing|breath(ing)? (problem|difficult)|can'?t breathe|chest pain|heart attack|stroke|seizure|fits|bleeding|blood|collapsed?|pregnan|labou?r pain|delivery|poison|overdose|severe pain|emergency|ambulance|doctor (needed|urgent)|dying/i,
  /behosh|saans nahi|sans nahi|seene me dard|khoon|dard ho raha|doctor chahiye|jaldi doctor|bachao|madad karo/i,
  /बेहोश|सांस नहीं|सीने में दर्द|खून|दिल का दौरा|डॉक्टर|बचाओ|मदद करो|प्रसव/,
  // security
  /attack(ed|ing)?|knife|gun|weapon|assault|molest|harass(ed|ing|ment)?|stalk|threat(en)?|fight(ing)?|beat(ing|en)|robb(ed|ery)|snatch|theft in progress|stealing now|kidnap|drunk .* (abus|threat)|fire\b|smoke in (the )?coach/i,
  /chaku|maar(peet| rahe)|chhed(khani|chhad)|dhamki|chor .* (bhaag|le gaya)|aag lag/i,
  /चाकू|मारपीट|छेड़छाड़|धमकी|चोर|आग लग/,
];

export function looksLikeEmergency(type: ComplaintType, description: string): boolean {
  if (type !== 'medical' && type !== 'security') return false;
  return CUES.some((cue) => cue.test(description));
}
