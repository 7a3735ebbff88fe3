/** How many versions a class set may have ("Uma folha para cada aluno"); 1 is a single page. */
export const SET_VERSIONS_MAX = 40;
