/** What went wrong, each with its own message (`voice.problems.<problem>`). */
export type VoiceProblem = 'microphone' | 'noSpeech' | 'transcription' | 'busy';
