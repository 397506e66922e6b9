// The model picker: which engine writes the LaTeX (an AI model or the builtin generator). Shown
// only when the server offers more than one for the user's plan; the choice is kept on the device
// and falls back to the plan's default when it is no longer offered.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ModelsResponseSchema, type ModelsResponse } from '../../../shared/api/latex';
import { fetchData } from '../../lib/api';
import { dispatchEditor, useEditorState } from '../../lib/editor-store';
import { useSession } from '../../lib/session';
import { inlineInputClass } from '../ui/field';

export function useModels(): ModelsResponse | null {
  const { user, tier, isAuthenticated } = useSession();
  // Visitors cannot generate, so they are not asked to choose.
  const query = useQuery({
    queryKey: ['latex-models', user?.id ?? null, tier],
    queryFn: () => fetchData('/api/latex/models', ModelsResponseSchema),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
  return query.data ?? null;
}

/** The model to send: the picked one when it is offered, else the plan's default (undefined: let the server choose). */
export function effectiveModel(models: ModelsResponse | null, picked: string | null): string | undefined {
  if (!models) return undefined;
  if (picked && models.models.some((m) => m.id === picked)) return picked;
  return models.default;
}

export function ModelPicker({ disabled = false, className = '' }: { disabled?: boolean; className?: string }) {
  const models = useModels();
  const picked = useEditorState().model;
  // A choice the plan no longer offers (a downgrade, a model removed) goes back to the default.
  useEffect(() => {
    if (models && picked && !models.models.some((m) => m.id === picked)) dispatchEditor({ type: 'model', model: null });
  }, [models, picked]);
  if (!models || models.models.length < 2) return null;
  const value = effectiveModel(models, picked) ?? models.default;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor="generation-model" className="text-sm font-medium whitespace-nowrap text-slate-800">
        Model
      </label>
      <select
        id="generation-model"
        value={value}
        disabled={disabled}
        onChange={(e) => dispatchEditor({ type: 'model', model: e.target.value })}
        className={`${inlineInputClass} max-w-full min-w-0 py-1.5`}
        aria-describedby="generation-model-help"
      >
        {models.models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
      <span id="generation-model-help" className="sr-only">
        The AI model that writes the LaTeX. Every result is checked by compiling it; if a model fails, the builtin generator writes the document.
      </span>
    </div>
  );
}
