import { COMPLAINT_TYPE_LABELS, COMPLAINT_TYPES } from '@railmadad/contract';
import { z } from 'zod';
import type { Config } from '../config';

/**
 * A second opinion from a large language model on a complaint the local classifier was unsure
 * of. Optional: with no LLM configured nothing leaves the machine. Gemini's API and any
 * OpenAI-compatible endpoint (a local server such as vLLM or llama.cpp, or a hosted one) are
 * asked for structured JSON, which is checked before it is believed.
 */
export type LlmOpinion = { category: (typeof COMPLAINT_TYPES)[number]; confidence: number | null; emergency: boolean };
export type LlmClassifier = { model: string; classify: (text: string) => Promise<LlmOpinion> };

export class LlmError extends Error {}

const opinionSchema = z.object({
  category: z.enum(COMPLAINT_TYPES),
  confidence: z.number().min(0).max(1).nullable().catch(null),
  emergency: z.boolean(),
});

const jsonSchema = {
  type: 'object',
  properties: {
    category: { type: 'string', enum: [...COMPLAINT_TYPES] },
    confidence: { type: 'number', description: 'How sure you are, 0 to 1' },
    emergency: { type: 'boolean', description: 'A passenger in medical danger or a security threat happening now' },
  },
  required: ['category', 'confidence', 'emergency'],
  additionalProperties: false,
} as const;
/** Gemini's responseSchema takes the OpenAPI subset: the same, without additionalProperties. */
const { additionalProperties: _strict, ...geminiSchema } = jsonSchema;

const INSTRUCTIONS = `You sort complaints sent to Indian Railways' Rail Madad portal. Complaints may be in English, Hindi, Hinglish, Bengali, Marathi, Tamil, Telugu or other Indian languages.
Answer with JSON only: the category (one of the codes below), your confidence from 0 to 1, and whether it is an emergency (a passenger in medical danger or a security threat happening now).
Categories:
${COMPLAINT_TYPES.map((t) => `- ${t}: ${COMPLAINT_TYPE_LABELS[t]}`).join('\n')}`;

export async function post(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new LlmError(`network: ${(error as Error).message}`);
  }
  if (!response.ok) throw new LlmError(`HTTP ${response.status}: ${(await response.text().catch(() => '')).slice(0, 200)}`);
  return response.json().catch(() => {
    throw new LlmError('answer is not JSON');
  });
}

function parseOpinion(text: unknown): LlmOpinion {
  if (typeof text !== 'string') throw new LlmError('no answer text');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LlmError('answer text is not JSON');
  }
  const parsed = opinionSchema.safeParse(value);
  if (!parsed.success) throw new LlmError(`answer does not fit the schema: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function createLlmClassifier(config: NonNullable<Config['llm']>, timeoutMs = 15_000): LlmClassifier {
  if (config.kind === 'gemini') {
    return {
      model: config.model,
      async classify(text) {
        const answer = (await post(
          `${config.baseUrl}/v1beta/models/${encodeURIComponent(config.model)}:generateContent`,
          { 'x-goog-api-key': config.apiKey },
          {
            systemInstruction: { parts: [{ text: INSTRUCTIONS }] },
            contents: [{ role: 'user', parts: [{ text }] }],
            generationConfig: { temperature: 0, responseMimeType: 'application/json', responseSchema: geminiSchema },
          },
          timeoutMs,
        )) as { candidates?: { content?: { parts?: { text?: string }[] } }[] };
        return parseOpinion(answer.candidates?.[0]?.content?.parts?.[0]?.text);
      },
    };
  }
  return {
    model: config.model,
    async classify(text) {
      const answer = (await post(
        `${config.baseUrl}/chat/completions`,
        config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
        {
          model: config.model,
          temperature: 0,
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: text },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'complaint_category', strict: true, schema: jsonSchema } },
        },
        timeoutMs,
      )) as { choices?: { message?: { content?: string } }[] };
      return parseOpinion(answer.choices?.[0]?.message?.content);
    },
  };
}
