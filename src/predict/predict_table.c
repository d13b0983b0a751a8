/* predict_table.c: the table of predict's cost functions, the X-macro expansion of
 * algorithms.def's formula field (FORMULA names the function, NO_FORMULA has none), and its
 * lookup. */
#include <stddef.h>
#include <string.h>

#include "predict.h"

static const struct predict_cost costs[] = {
#define FORMULA(kind, fn) PC_##kind, fn
#define NO_FORMULA(why) PC_NONE, NULL
#define ALGO(coll, name, family, desc, cost, formula, needs) {COLL_##coll, #name, formula},
#include "algorithms.def"
#undef ALGO
#undef NO_FORMULA
#undef FORMULA
};

const struct predict_cost *predict_cost_find(enum coll_id coll, const char *name)
{
    for (size_t i = 0; i < sizeof costs / sizeof costs[0]; i++)
        if (costs[i].coll == coll && strcmp(costs[i].name, name) == 0)
            return costs[i].kind == PC_NONE ? NULL : &costs[i];
    return NULL;
}
