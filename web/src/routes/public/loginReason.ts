/**
 * `/login?motivo=mais-exercicios`: a visitor who asked for more exercises on the home page is told why they landed
 * on the sign-in page (signed in, they go on to the builder). Its own module so the home does not load the login.
 */
export const MORE_EXERCISES_REASON = 'mais-exercicios';
