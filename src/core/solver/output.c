#include "solver.h"
void
fe_write_board (const FeProblem *problem, GString *out)
{
}
