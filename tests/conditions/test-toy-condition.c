/* test-toy-condition.c — conditions added from outside the core, the way a
 * built-in is added: a class each, one fe_condition_register call, and the
 * Popeye reader and writer, the XML reader, writer and schema, FEN, the
 * rules, the solver, its header, the caption, LaTeX and the playback
 * stages all see them.  Nothing else in the program names them
 * (docs/adding-a-genre.md); the window's pickers are checked in
 * tests/gui/test-condition-pane.c the same way.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The toys: "ToyNoCapture" — the pieces of the chosen side(s) neither
 * capture nor give check; "ToyFlip" — toy-marked pieces (an attribute of
 * their own) change colour after each of their moves, an effect of its own
 * stage.
 */
#include <string.h>

#include <glib.h>

#include "core/rules/condition.h"
#include "core/rules/movegen.h"
#include "core/rules/notation.h"
#include "core/backend/backend.h"
#include "core/solution/board-text.h"
#include "core/solution/solution.h"
#include "io/fen.h"
#include "io/popeye.h"
#include "io/xml.h"
#include "render/fe-caption.h"
#include "render/fe-latex.h"
#include "solution-lines.h"

static int toy_id = -1;

enum { TOY_ON, TOY_SIDE };
enum { TOY_BOTH, TOY_WHITE, TOY_BLACK };

/* The toy's own state is its row of the value map, reached through the
 * rules the position plays under. */
static bool
restricted (const FePosition *pos, int side)
{
  int which = fe_params_get (&pos->rules->params, toy_id, TOY_SIDE);
  return which == TOY_BOTH || (which == TOY_WHITE && side == FE_WHITE)
         || (which == TOY_BLACK && side == FE_BLACK);
}

static bool
toy_move_allowed (const FePosition *pos, const FeMove *move)
{
  return !(move->flags & FE_MOVE_CAPTURE) || !restricted (pos, pos->side);
}

static bool
toy_capture_allowed (const FePosition *pos, const FeCapturePath *path)
{
  return !restricted (pos, path->side);
}

static const FeConditionOps toy_ops = {
  .name = "toy-no-capture",
  .capture_allowed = toy_capture_allowed,
  .move_allowed = toy_move_allowed,
};

static const FeConditionParamDesc toy_params[] = {
  { .name = "toy-no-capture", .label = "Toy: no capture", .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
  { .name = "side", .label = "Side", .type = FE_PARAM_ENUM, .n_values = 3,
    .xml_attribute = "side", .xml_values = (const char *const[]) { "both", "white", "black" } },
};

/* Féerie's words (Popeye has no such condition); a side word alone also
 * switches the toy on. */
static const FeConditionKeyword toy_keywords[] = {
  { "ToyNoCapture", 0, 1, FE_KEYWORD_EXTENSION },
  { "ToyWhiteOnly", 1, TOY_WHITE, FE_KEYWORD_EXTENSION },
  { "ToyBlackOnly", 1, TOY_BLACK, FE_KEYWORD_EXTENSION },
};

static const FeConditionClass toy_class = {
  .name = "toy-no-capture",
  .label = "Toy: no capture",
  .xml_element = "toy-no-capture",
  .params = toy_params,
  .n_params = G_N_ELEMENTS (toy_params),
  .ops = &toy_ops,
  .popeye_keywords = toy_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (toy_keywords),
};

/* ---- ToyFlip: an attribute and an effect ------------------------------ */

#define TOY_MARK (1 << 7)
static int flip_id = -1;

static bool
flip_after_displacement (FePosition *pos, const FeMove *move, FeUndo *undo)
{
  FePiece p = pos->board[move->to];
  if ((move->flags & (FE_MOVE_CASTLE_SHORT | FE_MOVE_CASTLE_LONG | FE_MOVE_NULL)) || !p.walk
      || !(p.attrs & TOY_MARK) || p.walk == FE_WALK_KING || p.colour == FE_NEUTRAL)
    return true;
  p.colour = FE_OPPONENT (p.colour);
  fe_position_set (pos, undo, move->to, p);
  return true;
}

static const FeConditionOps flip_ops = {
  .name = "toy-flip",
  .after_displacement = flip_after_displacement,
  .effect_order = FE_EFFECT_MOVER_COLOUR,
};

static const FeConditionParamDesc flip_params[] = {
  { .name = "toy-flip", .label = "Toy flip pieces", .type = FE_PARAM_BOOL, .n_values = 2,
    .xml_default = 1 },
};

static const FeConditionKeyword flip_keywords[] = {
  { "ToyFlipPieces", 0, 1, FE_KEYWORD_EXTENSION },
};

static const FeAttributeDesc toy_mark = {
  .bit = TOY_MARK,
  .name = "toy-mark",
  .label = "Toy mark",
  .popeye_word = "ToyMark",
  .popeye_extension = true,
  .popeye_header = "ToyMark",
  .prefix = "t",
  .prefix_order = 50,
  .fen_prefix = '$',
  .frame = FE_FRAME_DOTTED,
  .frame_rgb = { 0, 128, 0 },
  .palette_tooltip = "Toy-marked pieces stand on a dotted green frame",
};

static const FeConditionClass flip_class = {
  .name = "toy-flip",
  .label = "Toy flip pieces",
  .xml_element = "toy-flip",
  .params = flip_params,
  .n_params = G_N_ELEMENTS (flip_params),
  .ops = &flip_ops,
  .popeye_keywords = flip_keywords,
  .n_popeye_keywords = G_N_ELEMENTS (flip_keywords),
  .attribute = &toy_mark,
  .attribute_only = true,
  .stage_label = "toy colour flips",
};

/* 1.Ra1xa8# is White's only mate. */
#define PROBLEM(cond)                                                                   \
  "BeginProblem\nStipulation #1\n" cond "Pieces White Kc3 Ra1 Black Kh8 Sa8 Pg7 Ph7\n" \
  "EndProblem\n"

static FeProblem *
read_one (const char *text)
{
  GError *error = NULL;
  GPtrArray *a = fe_popeye_read (text, strlen (text), "toy.inp", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, 1);
  FeProblem *pb = g_ptr_array_steal_index (a, 0);
  g_ptr_array_unref (a);
  return pb;
}

static void
test_register (void)
{
  GError *error = NULL;
  g_assert_cmpint (toy_id, >=, FE_COND_BUILTIN_COUNT);
  g_assert_true (fe_condition_nth (toy_id) == &toy_class);
  g_assert_true (fe_condition_lookup ("toy-no-capture") == &toy_class);
  /* Twice is refused, with a reason. */
  g_assert_cmpint (fe_condition_register (&toy_class, &error), ==, -1);
  g_assert_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED);
  g_clear_error (&error);
}

/* Popeye: the generic reader sets its cells, the writer gives the words back
 * (Féerie-only words go to the remark line), and the result reads again. */
static void
test_popeye (void)
{
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyBlackOnly\n"));
  g_assert_cmpint (fe_params_get (&pb->conditions, toy_id, TOY_ON), ==, 1);
  g_assert_cmpint (fe_params_get (&pb->conditions, toy_id, TOY_SIDE), ==, TOY_BLACK);
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  char *text = fe_popeye_write (pb, warnings);
  g_assert_nonnull (strstr (text, "ToyNoCapture ToyBlackOnly"));
  FeProblem *again = read_one (text);
  g_assert_cmpmem (&again->conditions, sizeof again->conditions, &pb->conditions,
                   sizeof pb->conditions);
  g_free (text);
  g_ptr_array_unref (warnings);
  fe_problem_free (again);
  fe_problem_free (pb);
}

/* XML: the element and its attribute are written, validate against the
 * schema (which the registry extends) and read back. */
static void
test_xml (void)
{
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n"));
  GPtrArray *one = g_ptr_array_new ();
  g_ptr_array_add (one, pb);
  char *xml = fe_xml_to_string (one);
  g_assert_nonnull (strstr (xml, "<toy-no-capture side=\"white\"/>"));
  GError *error = NULL;
  GPtrArray *back = fe_xml_parse (xml, strlen (xml), "toy.xml", &error);
  g_assert_no_error (error);
  FeProblem *again = back->pdata[0];
  g_assert_cmpmem (&again->conditions, sizeof again->conditions, &pb->conditions,
                   sizeof pb->conditions);
  g_autofree char *fragment = fe_xml_condition_schema ();
  g_assert_nonnull (strstr (fragment, "<element name=\"toy-no-capture\">"));
  /* A value the schema does not list is refused. */
  g_autofree char *bad = g_strdup (xml);
  char *at = strstr (bad, "side=\"white\"");
  memcpy (at, "side=\"green\"", strlen ("side=\"green\""));
  g_assert_null (fe_xml_parse (bad, strlen (bad), "bad.xml", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_ptr_array_unref (back);
  g_free (xml);
  g_ptr_array_unref (one);
  fe_problem_free (pb);
}

static int
solutions (const char *cond)
{
  FeProblem *pb = read_one (cond);
  FeSolverConfig config = { .threads = 1 };
  FeSolverStats stats = { 0 };
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  g_assert_true (fe_solve (pb, &config, out, &stats, &error));
  g_assert_no_error (error);
  g_assert_null (fe_test_repeated_line (out->str));
  g_string_free (out, TRUE);
  fe_problem_free (pb);
  return stats.solutions;
}

/* The solver: the rules take the toy's hooks from the registry. */
static void
test_solver (void)
{
  g_assert_cmpint (solutions (PROBLEM ("")), ==, 1);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture\n")), ==, 0);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n")), ==, 0);
  g_assert_cmpint (solutions (PROBLEM ("Condition ToyNoCapture ToyBlackOnly\n")), ==, 1);

  /* The diagram block names it. */
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyWhiteOnly\n"));
  GString *board = g_string_new (NULL);
  fe_write_board (pb, board);
  g_assert_nonnull (strstr (board->str, "ToyNoCapture ToyWhiteOnly"));
  g_string_free (board, TRUE);
  fe_problem_free (pb);
}

/* The solver's header, the caption and LaTeX describe a registered
 * condition through its class (the generic description: its words, its
 * label with the values that are not off, its attribute's squares). */
static void
test_descriptions (void)
{
  FeProblem *pb = read_one (PROBLEM ("Condition ToyNoCapture ToyBlackOnly\n"));
  GString *board = g_string_new (NULL);
  fe_write_board (pb, board);
  g_assert_nonnull (strstr (board->str, "ToyNoCapture ToyBlackOnly"));
  g_string_free (board, TRUE);
  g_autoptr (FeCaption) caption = fe_caption_new (pb);
  g_autofree char *conditions = fe_caption_conditions (caption);
  g_assert_cmpstr (conditions, ==, "Toy: no capture, black");
  g_autofree char *latex = fe_latex_diagram (pb, TRUE);
  g_assert_nonnull (strstr (latex, "\\cond{Toy: no capture{,} black}"));
  fe_problem_free (pb);

  /* An attribute condition: the pieces' squares, in the header as Popeye
   * lists them, in the caption as columns print them. */
  FeProblem *flip = read_one ("BeginProblem\nStipulation ~1\nPieces White Kc3 Black Kh8\n"
                              "remark feerie: pieces white toymark Sb1 Rd4\nEndProblem\n");
  g_autoptr (GString) header = g_string_new (NULL);
  fe_write_board (flip, header);
  g_assert_nonnull (strstr (header->str, "ToyMark d4 b1"));
  g_autoptr (FeCaption) c2 = fe_caption_new (flip);
  g_autofree char *conds2 = fe_caption_conditions (c2);
  g_assert_cmpstr (conds2, ==, "Toy flip pieces d4, b1");
  fe_problem_free (flip);
}

/* The attribute goes through every format by its descriptor: Popeye (the
 * remark line: Popeye lacks it), XML, FEN; the schema lists it. */
static void
test_attribute_formats (void)
{
  FeProblem *pb = read_one ("BeginProblem\nStipulation ~1\nPieces White Kc3 Black Kh8\n"
                            "remark feerie: pieces white toymark Sb1\nEndProblem\n");
  g_assert_cmpint (pb->diagram.board[FE_SQ (1, 0)].attrs, ==, TOY_MARK);
  GPtrArray *warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *text = fe_popeye_write (pb, warnings);
  g_assert_nonnull (strstr (text, "remark feerie: pieces white toymark sb1"));
  FeProblem *again = read_one (text);
  g_assert_cmpint (again->diagram.board[FE_SQ (1, 0)].attrs, ==, TOY_MARK);
  fe_problem_free (again);
  g_ptr_array_unref (warnings);

  GPtrArray *one = g_ptr_array_new ();
  g_ptr_array_add (one, pb);
  g_autofree char *xml = fe_xml_to_string (one);
  g_assert_nonnull (strstr (xml, "toy-mark=\"true\""));
  GError *error = NULL;
  GPtrArray *back = fe_xml_parse (xml, strlen (xml), "toy.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpint (((FeProblem *) back->pdata[0])->diagram.board[FE_SQ (1, 0)].attrs, ==, TOY_MARK);
  g_ptr_array_unref (back);
  g_ptr_array_unref (one);
  g_autofree char *schema = fe_xml_attribute_schema ();
  g_assert_nonnull (strstr (schema, "<attribute name=\"toy-mark\">"));

  g_autofree char *fen = fe_fen_write (&pb->diagram);
  g_assert_nonnull (strstr (fen, "$N"));
  FePosition from_fen;
  g_assert_true (fe_fen_parse (fen, &from_fen, &error));
  g_assert_cmpint (from_fen.board[FE_SQ (1, 0)].attrs, ==, TOY_MARK);
  fe_problem_free (pb);
}

/* The effect is a stage of its own, named and labelled by its class, and
 * notation shows the piece's prefix. */
static void
test_stages (void)
{
  FeProblem *pb = read_one ("BeginProblem\nStipulation ~1\nPieces White Kc3 Black Kh8\n"
                            "remark feerie: pieces white toymark Sb1\nEndProblem\n");
  FeRules rules;
  fe_rules_init (&rules, &pb->conditions, &pb->diagram);
  FePosition pos = pb->diagram;
  pos.rules = &rules;
  fe_position_recompute_hash (&pos);
  FeMove move = { FE_SQ (1, 0), FE_SQ (2, 2), FE_NO_SQUARE, 0, 0, FE_NATURE_LEAP, 1, 0 };
  FeStage *stages;
  int n = fe_move_stages (&pos, &move, &stages);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpstr (fe_stage_name (&stages[0]), ==, "displacement");
  g_assert_cmpstr (fe_stage_name (&stages[1]), ==, "toy-flip");
  g_assert_cmpstr (fe_stage_label (&stages[1]), ==, "toy colour flips");
  g_assert_true (stages[1].effects & FE_STAGE_CHANGES_COLOUR);
  g_assert_cmpint (stages[1].squares[0].piece.colour, ==, FE_BLACK);
  fe_stages_free (stages, n);
  FeUndo undo;
  FePosition before = pos;
  g_assert_true (fe_make (&pos, &move, &undo));
  g_autofree char *text = fe_notation_move (&before, &move, &pos, &undo);
  g_assert_cmpstr (text, ==, "tSb1-c3[c3=b]");
  fe_problem_free (pb);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  GError *error = NULL;
  toy_id = fe_condition_register (&toy_class, &error);
  g_assert_no_error (error);
  flip_id = fe_condition_register (&flip_class, &error);
  g_assert_no_error (error);
  g_test_add_func ("/conditions/toy/register", test_register);
  g_test_add_func ("/conditions/toy/popeye", test_popeye);
  g_test_add_func ("/conditions/toy/xml", test_xml);
  g_test_add_func ("/conditions/toy/solver", test_solver);
  g_test_add_func ("/conditions/toy/descriptions", test_descriptions);
  g_test_add_func ("/conditions/toy/attribute-formats", test_attribute_formats);
  g_test_add_func ("/conditions/toy/stages", test_stages);
  return g_test_run ();
}
