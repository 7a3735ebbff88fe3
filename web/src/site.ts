/**
 * The product's name and social pages; shown in the header, the footer and the document title. How to reach
 * support (email, WhatsApp) and who runs the site come from the gateway's configuration (company.ts).
 */
export const site = {
  name: 'Exercícios de Matemática',
  /** This build is always labelled prod in the environment banner. */
  frontendEnv: 'prod',
  copyrightYear: 2025,
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/exerciciosdematematica' },
    { name: 'Facebook', url: 'https://www.facebook.com/exerciciosdematematica' },
    { name: 'YouTube', url: 'https://www.youtube.com/@exerciciosdematematica' },
  ],
} as const;
