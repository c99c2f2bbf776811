// The address the informational pages give for support, privacy and legal questions.
export const SUPPORT_EMAIL = 'support@vellum.example.com';
