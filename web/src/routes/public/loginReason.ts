/**
 * `/login?motivo=mais-exercicios`: a visitor on the way to the builder (the home's 'Adquira mais exercícios') is
 * told why they landed on the sign-in page (signed in, they go on to the builder). Its own module so that the
 * route guards do not load the login screen.
 */
export const MORE_EXERCISES_REASON = 'mais-exercicios';
