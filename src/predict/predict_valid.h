/* predict_valid.h: how far `collsim predict`'s formulas were checked against the simulation
 * (predict_valid.c, validation/predict-scale.csv; docs/predict.md). */
#ifndef COLLSIM_PREDICT_VALID_H
#define COLLSIM_PREDICT_VALID_H

#include <stddef.h>

/* Ranks up to which the tests check the formulas against the simulation on every platform
 * kind (tests/run/predict.sh): a prediction with no row at scale is noted past it. */
#define PV_SMALL 64

/* The validated range of one algorithm's formula under one model on one platform kind. */
struct pv_range {
    int rows;              /* rows of the table that match */
    int np_max;            /* the most ranks among them */
    double err_lo, err_hi; /* their least and greatest error, predicted / simulated - 1 */
};

/* The range of (kind, coll, algo, model) into *out; returns out->rows (0: none). */
int predict_valid_range(const char *kind, const char *coll, const char *algo, const char *model,
                        struct pv_range *out);

/* Appends to note (a string of len bytes) what a prediction at np ranks lies beyond: "beyond
 * validation: -5.0% to +31.0% up to 4096 ranks on fattree" past the table's most ranks, "not
 * validated past 64 ranks on ring" past PV_SMALL with no row; nothing inside the range. */
void predict_valid_note(const char *kind, const char *coll, const char *algo, const char *model,
                        int np, char *note, size_t len);

#endif
