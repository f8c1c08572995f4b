/* feerie-window-playback.c — the solution played back on the board, stage
 * by stage: a node picked in the solution pane, the arrow keys and the
 * go-* actions step through its line, read-only, the diagram untouched.
 * Separate from the solve (feerie-window-solve.c), which fills the tree
 * that playback only reads, and only once the solver has finished.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "feerie-window-private.h"

/* The square a move's displacement starts from when the piece first went
 * to its rebirth square (Mars Circe, AntiMars, Phantom chess: a stage of
 * its own before the displacement, docs/rules/mars-circe.md §6), else
 * FE_NO_SQUARE. */
static FeSquare
departure_of (const FeSolutionNode *n)
{
  if (n->n_stages < 2 || n->stages[0].condition < 0)
    return FE_NO_SQUARE;
  for (int i = 0; i < n->stages[0].n_squares; i++)
    if (n->stages[0].squares[i].piece.walk)
      return n->stages[0].squares[i].square;
  return FE_NO_SQUARE;
}

static void
show_playback (FeerieWindow *self)
{
  const FeSolutionNode *n = self->play_node;
  FePosition pos;
  fe_solution_node_position (n, self->play_stage, &pos);
  FeRenderMarks marks;
  feerie_board_view_get_marks (self->board, &marks);
  marks.selected = FE_NO_SQUARE;
  marks.picking_imitators = FALSE;
  marks.last_from = marks.last_to = FE_NO_SQUARE;
  marks.highlight = 0;
  marks.highlight_kind = FE_RENDER_HIGHLIGHT_CHANGE;
  marks.n_arrows = 0;
  g_autofree char *step = NULL;
  if (n->role == FE_ROLE_TWIN || self->play_stage == 0)
    {
      g_autofree char *label
        = g_markup_escape_text (n->twin_label && *n->twin_label ? n->twin_label : "", -1);
      step = g_strdup_printf (_("<b>Start position</b> %s"), label);
    }
  else
    {
      /* From the piece's square to its rebirth square, then on from there. */
      FeSquare via = departure_of (n);
      marks.last_from = via != FE_NO_SQUARE && self->play_stage > 1 ? via : n->move.from;
      marks.last_to = via != FE_NO_SQUARE && self->play_stage == 1 ? via : n->move.to;
      const FeStage *st = &n->stages[self->play_stage - 1];
      if (st->effects & FE_STAGE_SHIFTS_IMITATORS)
        {
          /* Where each imitator came from: the position one stage back. */
          FePosition was;
          fe_solution_node_position (n, self->play_stage - 1, &was);
          marks.highlight_kind = FE_RENDER_HIGHLIGHT_SHIFT;
          for (int i = 0; i < st->n_imitators; i++)
            {
              marks.highlight |= G_GUINT64_CONSTANT (1) << FE_SQ64 (st->imitators[i]);
              if (i < was.n_imitators && was.imitators[i] != st->imitators[i])
                {
                  marks.arrow_from[marks.n_arrows] = was.imitators[i];
                  marks.arrow_to[marks.n_arrows++] = st->imitators[i];
                }
            }
        }
      else if (st->condition >= 0)
        {
          /* Walks changed (mutations) and colours changed (recolourings)
           * each in their own colour, as the stage says what it does. */
          marks.highlight_kind
            = (st->effects & FE_STAGE_CHANGES_WALK)     ? FE_RENDER_HIGHLIGHT_MUTATION
              : (st->effects & FE_STAGE_CHANGES_COLOUR) ? FE_RENDER_HIGHLIGHT_RECOLOUR
                                                        : FE_RENDER_HIGHLIGHT_CHANGE;
          for (int i = 0; i < st->n_squares; i++)
            marks.highlight |= G_GUINT64_CONSTANT (1) << FE_SQ64 (st->squares[i].square);
        }
      g_autofree char *move = g_markup_printf_escaped ("%s%s", n->number, n->text);
      /* Translators: "1.Sb7-a5 — step 2 of 2: magic colour changes" */
      step = g_strdup_printf (_("<b>%s</b> — step %d of %d: %s"), move, self->play_stage,
                              n->n_stages, _(fe_stage_label (st)));
    }
  feerie_board_view_set_position (self->board, &pos);
  feerie_board_view_set_marks (self->board, &marks);
  feerie_solution_view_set_step (self->solution_view, step);
  feerie_window_sync_solve_actions (self);
}

/* Is `n` on the way from the twin's root to `tip`? */
static gboolean
leads_to (const FeSolutionNode *n, const FeSolutionNode *tip)
{
  for (const FeSolutionNode *t = tip; t; t = t->parent)
    if (t == n)
      return TRUE;
  return FALSE;
}

static void
play (FeerieWindow *self, const FeSolutionNode *node, int stage)
{
  g_assert (FEERIE_IS_WINDOW (self));
  if (!self->play_tip || !leads_to (node, self->play_tip))
    self->play_tip = node;
  self->playing = TRUE;
  self->play_node = node;
  self->play_stage = CLAMP (stage, 0, node->n_stages);
  show_playback (self);
  /* A help or series line is one row, the row of its last move. */
  feerie_solution_view_select (self->solution_view,
                               feerie_solution_view_is_line_play (node) ? self->play_tip : node);
}

/* The line → plays first after a solve: the first key (battle play), else
 * the first full-length solution, else whatever comes first; followed to
 * its end by first replies. */
static const FeSolutionNode *
first_line (const FeSolution *solution)
{
  const FeSolutionNode *twin = fe_solution_twin (solution, 0);
  if (!twin || !twin->children->len)
    return NULL;
  const FeSolutionNode *first = twin->children->pdata[0];
  for (guint i = twin->children->len; i-- > 0;)
    {
      const FeSolutionNode *c = twin->children->pdata[i];
      if (c->role == FE_ROLE_KEY || (c->role == FE_ROLE_SOLUTION && first->role != FE_ROLE_KEY))
        first = c;
    }
  while (first->children->len)
    first = first->children->pdata[0];
  return first;
}

void
feerie_window_leave_playback (FeerieWindow *self)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  if (!self->playing)
    return;
  self->playing = FALSE;
  self->play_node = self->play_tip = NULL;
  feerie_solution_view_unselect (self->solution_view);
  feerie_solution_view_set_step (self->solution_view, NULL);
  feerie_window_refresh_board (self);
  feerie_window_sync_solve_actions (self);
}

static void
on_node_selected (FeerieWindow *self, gpointer node)
{
  g_assert (FEERIE_IS_WINDOW (self));
  if (!node || self->solution_stale)
    {
      feerie_window_leave_playback (self);
      return;
    }
  const FeSolutionNode *n = node;
  self->play_tip = n;
  play (self, n, n->n_stages);
}

static void
go_first_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const FeSolutionNode *n = self->play_node;
  while (n->parent)
    n = n->parent;
  play (self, n, 0);
}

static void
go_back_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const FeSolutionNode *n = self->play_node;
  if (self->play_stage > 1)
    play (self, n, self->play_stage - 1);
  else if (n->parent)
    play (self, n->parent, n->parent->n_stages);
  else
    play (self, n, 0);
}

static void
go_forward_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  if (!self->playing)
    {
      /* After Solve, → starts the first line from the diagram. */
      const FeSolutionNode *tip
        = self->solved && !self->solution_stale ? first_line (self->solved) : NULL;
      if (!tip)
        return;
      const FeSolutionNode *twin = tip;
      while (twin->parent)
        twin = twin->parent;
      self->play_tip = tip;
      self->play_node = twin;
      self->play_stage = 0;
    }
  const FeSolutionNode *n = self->play_node;
  if (self->play_stage < n->n_stages)
    play (self, n, self->play_stage + 1);
  else if (self->play_tip != n && leads_to (n, self->play_tip))
    {
      const FeSolutionNode *next = self->play_tip;
      while (next->parent != n)
        next = next->parent;
      play (self, next, 1);
    }
  else if (n->children->len)
    play (self, n->children->pdata[0], 1);
  else
    return;
  /* Stepping into a displacement (or the way to the rebirth square before
   * it): the piece may slide there (a setting). */
  const FeSolutionNode *p = self->play_node;
  FeSquare via = p->role != FE_ROLE_TWIN ? departure_of (p) : FE_NO_SQUARE;
  bool slides = p->role != FE_ROLE_TWIN && (self->play_stage == 1 || (via != FE_NO_SQUARE && self->play_stage == 2));
  if (slides && (!self->settings || g_settings_get_boolean (self->settings, "animate-moves")))
    feerie_board_view_animate_move (self->board,
                                    self->play_stage == 2 ? via : p->move.from,
                                    via != FE_NO_SQUARE && self->play_stage == 1 ? via : p->move.to,
                                    250);
}

static void
go_last_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const FeSolutionNode *n = self->play_tip && leads_to (self->play_node, self->play_tip)
                              ? self->play_tip
                              : self->play_node;
  while (n->children->len)
    n = n->children->pdata[0];
  play (self, n, n->n_stages);
}

static void
leave_playback_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  feerie_window_leave_playback (data);
}

/* The go-* and leave-playback actions' states (from
 * feerie_window_sync_solve_actions). */
void
feerie_window_sync_playback_actions (FeerieWindow *self)
{
  gboolean solving = self->job != NULL;
  /* Playback reads the tree, which only the solver writes while it runs. */
  gboolean can_play = self->playing && !solving;
  const FeSolutionNode *n = self->play_node;
  /* Not playing yet: → starts the first line of a solution at hand. */
  gboolean can_start = !self->playing && !solving && self->solved && !self->solution_stale
                       && first_line (self->solved);
  feerie_window_enable_action (self, "go-first", can_play && (n->parent || self->play_stage > 0));
  feerie_window_enable_action (self, "go-back", can_play && (n->parent || self->play_stage > 0));
  feerie_window_enable_action (
    self, "go-forward",
    can_start || (can_play && (self->play_stage < n->n_stages || n->children->len)));
  feerie_window_enable_action (
    self, "go-last", can_play && (self->play_stage < n->n_stages || n->children->len));
  feerie_window_enable_action (self, "leave-playback", self->playing);
}

static const GActionEntry playback_entries[] = {
  { "go-first", go_first_activated },
  { "go-back", go_back_activated },
  { "go-forward", go_forward_activated },
  { "go-last", go_last_activated },
  { "leave-playback", leave_playback_activated },
};

void
feerie_window_install_playback_actions (FeerieWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), playback_entries,
                                   G_N_ELEMENTS (playback_entries), self);
}

/* Widgets that move with these keys themselves: text fields (their
 * cursor), the palette's tiles, notebook tabs, scales, popovers. */
static gboolean
uses_arrows (GtkWidget *focus)
{
  return focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus) || GTK_IS_NOTEBOOK (focus)
                   || GTK_IS_RANGE (focus) || gtk_widget_get_ancestor (focus, FEERIE_TYPE_PALETTE)
                   || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER));
}

/* Home, Left, Right and End step the playback, except where the focus
 * uses them: they are not application accelerators (those come before
 * the focus), but looked at here first. */
static gboolean
on_playback_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state,
                 FeerieWindow *self)
{
  const char *action = keyval == GDK_KEY_Home    ? "go-first"
                       : keyval == GDK_KEY_Left  ? "go-back"
                       : keyval == GDK_KEY_Right ? "go-forward"
                       : keyval == GDK_KEY_End   ? "go-last"
                                                 : NULL;
  if (!action || (state & gtk_accelerator_get_default_mod_mask ()))
    return FALSE;
  if (uses_arrows (gtk_root_get_focus (GTK_ROOT (self))))
    return FALSE;
  if (!g_action_group_get_action_enabled (G_ACTION_GROUP (self), action))
    return FALSE;
  g_action_group_activate_action (G_ACTION_GROUP (self), action, NULL);
  return TRUE;
}

/* Connects the pane once the template is built (called from init). */
void
feerie_window_connect_solution_view (FeerieWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_playback_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self->solution_view, "node-selected", G_CALLBACK (on_node_selected),
                            self);
  feerie_window_sync_solve_actions (self);
}
