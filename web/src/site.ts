/** Who the product is and how to reach it; shown in the header, the footer and the document title. */
export const site = {
  name: 'Exercícios de Matemática',
  /** Spec §9: this build is always labelled prod in the environment banner. */
  frontendEnv: 'prod',
  copyrightYear: 2025,
  contactEmail: 'contato@exerciciosdematematica.com.br',
  whatsappUrl: 'https://wa.me/5511912345678',
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/exerciciosdematematica' },
    { name: 'Facebook', url: 'https://www.facebook.com/exerciciosdematematica' },
    { name: 'YouTube', url: 'https://www.youtube.com/@exerciciosdematematica' },
  ],
} as const;
