import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { PathIcon } from '../../components/ui/icons';
import type { VoiceInput } from './use-voice-input';

const MIC = 'M12 15a3 3 0 0 0 3-3V6a3 3 0 1 0-6 0v6a3 3 0 0 0 3 3Zm-6-3a6 6 0 0 0 12 0M12 18v3';

/**
 * The microphone button ("Start Recording" / "Stop Recording"), or, where voice input cannot
 * work, a short note saying so instead of a button that does nothing.
 */
export function VoiceInputButton({ voice, className = '', compact = false }: { voice: VoiceInput; className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  if (voice.mode === 'pending') return null;
  if (!voice.isAvailable) {
    return (
      <p className={`min-w-0 flex-1 text-xs text-slate-600 dark:text-slate-400 ${className}`} data-testid="voice-unavailable">
        {t(voice.mode === 'offline' ? 'voice.offline' : 'voice.unavailable')}
      </p>
    );
  }
  const { isRecording, isTranscribing, isStarting } = voice;
  return (
    <Button
      variant={isRecording ? 'danger' : 'secondary'}
      onClick={voice.toggle}
      aria-pressed={isRecording}
      busy={isTranscribing || isStarting}
      title={isRecording ? t('voice.stopTitle') : t('voice.startTitle')}
      className={className}
    >
      {!isTranscribing && !isStarting && <PathIcon d={MIC} className={`size-5 ${isRecording ? 'animate-pulse' : ''}`} />}
      {/* Compact (beside a message box on a phone): the icon alone shows, the words stay for screen readers. */}
      <span className={compact ? 'max-sm:sr-only' : undefined}>{isTranscribing ? t('voice.transcribing') : isRecording ? t('voice.stop') : t('voice.start')}</span>
    </Button>
  );
}

/** What voice input is doing, read out as it changes, and its problems as alerts. */
export function VoiceInputStatus({ voice }: { voice: VoiceInput }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" className="text-sm">
      {voice.isRecording && (
        <p className="text-slate-700 dark:text-slate-300">
          <span className="font-medium">{voice.mode === 'browser' ? t('voice.listening') : t('voice.recording')}</span>{' '}
          {voice.interim && <span className="italic">“{voice.interim}”</span>}
          {voice.recordingSince !== null && <Elapsed since={voice.recordingSince} />}
        </p>
      )}
      {voice.isTranscribing && <p className="sr-only">{t('voice.transcribing')}</p>}
      {voice.problem && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {t(`voice.problems.${voice.problem}`)}
        </p>
      )}
    </div>
  );
}

/** m:ss since `since`, so the passenger sees the recording running (it stops itself at 1:00). */
function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return (
    <span className="ms-1 tabular-nums text-slate-600 dark:text-slate-400" aria-hidden="true">
      {`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}
    </span>
  );
}
