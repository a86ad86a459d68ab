/** Whether the school's assistant and AI help use a model (the AI provider is configured). */
export const aiConfigured = (): boolean => false;
