/* ip_args.h: preprocessor helpers over argument lists, for the interposer's wrappers, which are
 * generated from collectives.def (a collective's parameter list, and its MPI function's argument
 * names). Lists of up to 12 elements. */
#ifndef COLLSIM_IP_ARGS_H
#define COLLSIM_IP_ARGS_H

#define IP_UNPAREN(...) __VA_ARGS__
#define IP_CAT(a, b) IP_CAT_(a, b)
#define IP_CAT_(a, b) a##b
#define IP_COMMA() ,
#define IP_NONE()

/* The number of elements of a non-empty list. */
#define IP_NARGS(...) IP_NARGS_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define IP_NARGS_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, n, ...) n

/* IP_MAP(m, sep, x, (a1, ..., an)): m(x, a1) sep() m(x, a2) sep() ... m(x, an). */
#define IP_MAP(m, sep, x, list) IP_MAP_(m, sep, x, IP_UNPAREN list)
#define IP_MAP_(m, sep, x, ...) IP_CAT(IP_MAP_, IP_NARGS(__VA_ARGS__))(m, sep, x, __VA_ARGS__)
#define IP_MAP_1(m, sep, x, a) m(x, a)
#define IP_MAP_2(m, sep, x, a, ...) m(x, a) sep() IP_MAP_1(m, sep, x, __VA_ARGS__)
#define IP_MAP_3(m, sep, x, a, ...) m(x, a) sep() IP_MAP_2(m, sep, x, __VA_ARGS__)
#define IP_MAP_4(m, sep, x, a, ...) m(x, a) sep() IP_MAP_3(m, sep, x, __VA_ARGS__)
#define IP_MAP_5(m, sep, x, a, ...) m(x, a) sep() IP_MAP_4(m, sep, x, __VA_ARGS__)
#define IP_MAP_6(m, sep, x, a, ...) m(x, a) sep() IP_MAP_5(m, sep, x, __VA_ARGS__)
#define IP_MAP_7(m, sep, x, a, ...) m(x, a) sep() IP_MAP_6(m, sep, x, __VA_ARGS__)
#define IP_MAP_8(m, sep, x, a, ...) m(x, a) sep() IP_MAP_7(m, sep, x, __VA_ARGS__)
#define IP_MAP_9(m, sep, x, a, ...) m(x, a) sep() IP_MAP_8(m, sep, x, __VA_ARGS__)
#define IP_MAP_10(m, sep, x, a, ...) m(x, a) sep() IP_MAP_9(m, sep, x, __VA_ARGS__)
#define IP_MAP_11(m, sep, x, a, ...) m(x, a) sep() IP_MAP_10(m, sep, x, __VA_ARGS__)
#define IP_MAP_12(m, sep, x, a, ...) m(x, a) sep() IP_MAP_11(m, sep, x, __VA_ARGS__)

#endif
