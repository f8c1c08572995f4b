/* solution-json.c — the solution tree as JSON, for other programs.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The schema is docs/solution-json.md; its words (roles, stage names,
 * marks) are the stable ones of solution.h, never translated.
 */
#include <json-glib/json-glib.h>

#include "core/model/condition-class.h"
#include "core/model/walk.h"
#include <stdio.h>

#include "solution-json.h"

static const char *const colour_names[] = { "white", "black", "neutral" };

static void
add_square (JsonBuilder *b, FeSquare sq)
{
  char name[3];
  fe_square_name (sq, name);
  json_builder_add_string_value (b, name);
}

/* {"walk": "S", "colour": "white", "attributes": ["magic"]}, or null. */
static void
add_piece (JsonBuilder *b, FePiece piece)
{
  if (piece.walk == FE_WALK_NONE)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "walk");
  json_builder_add_string_value (b, fe_walk_print_code (piece.walk));
  json_builder_set_member_name (b, "colour");
  json_builder_add_string_value (b, colour_names[MIN (piece.colour, 2)]);
  json_builder_set_member_name (b, "attributes");
  json_builder_begin_array (b);
  for (int i = 0; i < fe_attribute_count (); i++)
    if (piece.attrs & fe_attribute_nth (i)->bit)
      json_builder_add_string_value (b, fe_attribute_nth (i)->name);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
add_imitators (JsonBuilder *b, const uint8_t *squares, int n)
{
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    add_square (b, squares[i]);
  json_builder_end_array (b);
}

static void
add_position (JsonBuilder *b, const FePosition *pos)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "side");
  json_builder_add_string_value (b, colour_names[MIN (pos->side, 2)]);
  json_builder_set_member_name (b, "pieces");
  json_builder_begin_array (b);
  for (int r = 7; r >= 0; r--)
    for (int f = 0; f < 8; f++)
      {
        FeSquare sq = (FeSquare) (r * 16 + f);
        if (pos->board[sq].walk == FE_WALK_NONE)
          continue;
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "square");
        add_square (b, sq);
        json_builder_set_member_name (b, "piece");
        add_piece (b, pos->board[sq]);
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "imitators");
  add_imitators (b, pos->imitators, pos->n_imitators);
  json_builder_end_object (b);
}

static void
add_flags (JsonBuilder *b, const char *member, guint flags, const char *const *names, int n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (int i = 0; i < n; i++)
    if (flags & (1u << i))
      json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
}

static void
add_stage (JsonBuilder *b, const FeStage *st)
{
  static const char *const effects[] = { "shifts-imitators", "changes-walk", "changes-colour",
                                         "adds-piece", "removes-piece" };
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, fe_stage_name (st));
  json_builder_set_member_name (b, "label");
  json_builder_add_string_value (b, fe_stage_label (st));
  add_flags (b, "effects", st->effects, effects, G_N_ELEMENTS (effects));
  json_builder_set_member_name (b, "squares");
  json_builder_begin_array (b);
  for (int i = 0; i < st->n_squares; i++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "square");
      add_square (b, st->squares[i].square);
      json_builder_set_member_name (b, "piece");
      add_piece (b, st->squares[i].piece);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "imitators");
  add_imitators (b, st->imitators, st->n_imitators);
  json_builder_end_object (b);
}

static void
add_node (JsonBuilder *b, const FeSolutionNode *n)
{
  static const char *const marks[] = { "check", "mate", "stalemate" };
  static const char *const notes[] = { "threat", "zugzwang", "line-end", "reciprocal" };
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "role");
  json_builder_add_string_value (b, fe_solution_role_name (n->role));
  json_builder_set_member_name (b, "number");
  json_builder_add_string_value (b, n->number ? n->number : "");
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, n->text ? n->text : "");
  json_builder_set_member_name (b, "from");
  add_square (b, n->move.from);
  json_builder_set_member_name (b, "to");
  add_square (b, n->move.to);
  json_builder_set_member_name (b, "after_pass");
  json_builder_add_boolean_value (b, n->after_pass);
  json_builder_set_member_name (b, "phase");
  json_builder_add_int_value (b, n->phase);
  add_flags (b, "marks", n->marks, marks, G_N_ELEMENTS (marks));
  add_flags (b, "notes", n->notes, notes, G_N_ELEMENTS (notes));
  json_builder_set_member_name (b, "stages");
  json_builder_begin_array (b);
  for (int i = 0; i < n->n_stages; i++)
    add_stage (b, &n->stages[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "children");
  json_builder_begin_array (b);
  for (guint i = 0; i < n->children->len; i++)
    add_node (b, n->children->pdata[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
fe_solution_json_add_twins (JsonBuilder *b, FeSolution *tree)
{
  json_builder_begin_array (b);
  for (guint i = 0; i < fe_solution_n_twins (tree); i++)
    {
      const FeSolutionNode *twin = fe_solution_twin (tree, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, twin->twin_label ? twin->twin_label : "");
      json_builder_set_member_name (b, "play");
      json_builder_add_string_value (b, twin->play == FE_PLAY_KIND_BATTLE ? "battle" : "lines");
      json_builder_set_member_name (b, "phases");
      json_builder_add_int_value (b, twin->n_phases);
      json_builder_set_member_name (b, "position");
      if (twin->position)
        add_position (b, twin->position);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "moves");
      json_builder_begin_array (b);
      for (guint k = 0; k < twin->children->len; k++)
        add_node (b, twin->children->pdata[k]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
fe_cli_print_json (JsonNode *root)
{
  JsonGenerator *g = json_generator_new ();
  json_generator_set_pretty (g, TRUE);
  json_generator_set_root (g, root);
  char *text = json_generator_to_data (g, NULL);
  puts (text);
  g_free (text);
  g_object_unref (g);
}

int
fe_cli_solve_json (const char *path, const FeSolverConfig *base, int max_lines)
{
  GPtrArray *problems = fe_cli_read_problems (path);
  if (!problems)
    return 2;
  int status = 0;
  JsonBuilder *b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "feerie-solution");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, path);
  json_builder_set_member_name (b, "problems");
  json_builder_begin_array (b);
  for (guint i = 0; i < problems->len && !fe_cli_interrupted; i++)
    {
      const FeProblem *p = problems->pdata[i];
      FeSolution *tree = fe_solution_new ();
      tree->max_lines = max_lines;
      FeSolverConfig config = *base;
      config.tree = tree;
      config.line = NULL;
      FeSolverStats stats = { 0 };
      GError *error = NULL;
      gboolean ok = fe_solve (p, &config, NULL, &stats, &error);
      char *stip = p->unsupported_stipulation ? g_strdup (p->unsupported_stipulation)
                                              : fe_stipulation_to_string (&p->stipulation);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "index");
      json_builder_add_int_value (b, i + 1);
      json_builder_set_member_name (b, "stipulation");
      json_builder_add_string_value (b, stip);
      g_free (stip);
      if (!ok)
        {
          fprintf (stderr, "%s: %s\n", path, error->message);
          json_builder_set_member_name (b, "error");
          json_builder_add_string_value (b, error->message);
          g_clear_error (&error);
          status = 2;
        }
      else
        {
          json_builder_set_member_name (b, "complete");
          json_builder_add_boolean_value (b, !stats.interrupted);
          json_builder_set_member_name (b, "seconds");
          json_builder_add_double_value (b, stats.seconds);
          json_builder_set_member_name (b, "nodes");
          json_builder_add_int_value (b, (gint64) stats.nodes);
          json_builder_set_member_name (b, "lines_not_kept");
          json_builder_add_int_value (b, fe_solution_lines_over (tree));
          json_builder_set_member_name (b, "twins");
          fe_solution_json_add_twins (b, tree);
        }
      json_builder_end_object (b);
      fe_solution_unref (tree);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  JsonNode *root = json_builder_get_root (b);
  fe_cli_print_json (root);
  json_node_unref (root);
  g_object_unref (b);
  g_ptr_array_unref (problems);
  return status;
}
