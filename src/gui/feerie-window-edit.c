/* feerie-window-edit.c — board edits: pieces placed, moved, removed,
 * imitators, typed piece lists, and the board's clicks and drops.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each edit is one undo step (feerie_window_begin_edit / end_edit).
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "feerie-window-private.h"
#include "core/model/walk.h"

/* ---- board edits -------------------------------------------------------- */

/* Why the rules refuse `piece` on `sq` with the problem's conditions and
 * the other pieces (a magic piece beside magician pieces,
 * docs/rules/combinations.md §2; a magician king, D21): the conditions say
 * why, NULL when they take it.  A diagram refused already stays editable. */
static char *
refusal (FeerieWindow *self, FeSquare sq, FePiece piece)
{
  g_assert (FEERIE_IS_WINDOW (self));
  const FeProblem *p = self->problem;
  const FePosition *edited = feerie_window_edited_position (self);
  FePosition pos = *edited;
  fe_position_put (&pos, sq, piece);
  g_autoptr (GError) error = NULL;
  if (fe_conditions_validate (&p->conditions, &pos, &error)
      || !fe_conditions_validate (&p->conditions, edited, NULL))
    return NULL;
  return g_strdup (error->message);
}

/* A refused piece is not placed; the status line says why. */
static gboolean
refused (FeerieWindow *self, FeSquare sq, FePiece piece)
{
  g_autofree char *why = refusal (self, sq, piece);
  if (!why)
    return FALSE;
  g_autofree char *msg = g_strdup_printf (_("Not placed: %s."), why);
  feerie_window_show_status (self, msg);
  return TRUE;
}

char *
feerie_window_palette_refusal (FePiece piece, gpointer data)
{
  FeerieWindow *self = data;
  g_assert (FEERIE_IS_WINDOW (self));
  const FePosition *edited = feerie_window_edited_position (self);
  char *why = NULL;
  for (int i = 0; i < 64; i++)
    {
      FeSquare sq = FE_SQ88 (i);
      if (edited->board[sq].walk != FE_WALK_NONE || fe_position_imitator_at (edited, sq) >= 0)
        continue;
      g_free (why);
      why = refusal (self, sq, piece);
      if (!why)
        return NULL;
    }
  /* The message names the square tried ("a1: a king cannot be a
   * magician piece"): the tile's tooltip is about every square. */
  char name[3] = { 0 };
  if (why && strlen (why) > 4 && why[2] == ':' && why[3] == ' ')
    {
      memcpy (name, why, 2);
      if (fe_square_parse (name) != FE_NO_SQUARE)
        memmove (why, why + 4, strlen (why + 4) + 1);
    }
  return why;
}

/* The rights follow the pieces (less NoCastling), the hash too. */
static void
after_board_change (FeerieWindow *self)
{
  fe_problem_settle_diagram (self->problem);
}

gboolean
feerie_window_place (FeerieWindow *self, FePiece piece, FeSquare sq)
{
  g_return_val_if_fail (FEERIE_IS_WINDOW (self), FALSE);
  if (!FE_ON_BOARD (sq) || piece.walk == FE_WALK_NONE || piece.walk >= FE_WALK_COUNT)
    return FALSE;
  if (refused (self, sq, piece))
    return FALSE;
  feerie_window_begin_edit (self, NULL);
  FePosition *pos = feerie_window_edited_position (self);
  fe_position_remove_imitator (pos, sq); /* a square holds a piece or an imitator */
  piece.id = 0;
  fe_position_put (pos, sq, piece);
  after_board_change (self);
  self->last_from = FE_NO_SQUARE;
  self->last_to = sq;
  feerie_window_show_status (self, NULL);
  feerie_window_end_edit (self);
  return TRUE;
}

void
feerie_window_move (FeerieWindow *self, FeSquare from, FeSquare to, gboolean copy)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = feerie_window_edited_position (self);
  if (from == to || !FE_ON_BOARD (from) || !FE_ON_BOARD (to))
    return;
  gboolean imitator = fe_position_imitator_at (pos, from) >= 0;
  if (pos->board[from].walk == FE_WALK_NONE && !imitator)
    return;
  feerie_window_begin_edit (self, NULL);
  if (imitator)
    {
      int colour = pos->imitator_colour[fe_position_imitator_at (pos, from)];
      gboolean full = copy && pos->n_imitators >= FE_MAX_IMITATORS;
      if (copy ? !fe_position_add_imitator (pos, to, colour)
               : !fe_position_move_imitator (pos, from, to))
        {
          feerie_document_cancel_edit (self->document);
          feerie_window_show_status (self, full ? _("At most 10 imitators.")
                                                : _("An imitator needs an empty square."));
          return;
        }
    }
  else
    {
      FePiece piece = pos->board[from];
      fe_position_remove_imitator (pos, to);
      if (!copy)
        fe_position_remove (pos, from);
      else
        piece.id = 0;
      fe_position_put (pos, to, piece);
    }
  after_board_change (self);
  self->last_from = from;
  self->last_to = to;
  feerie_window_end_edit (self);
}

void
feerie_window_remove (FeerieWindow *self, FeSquare sq)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = feerie_window_edited_position (self);
  if (!FE_ON_BOARD (sq))
    return;
  gboolean imitator = fe_position_imitator_at (pos, sq) >= 0;
  if (pos->board[sq].walk == FE_WALK_NONE && !imitator)
    return;
  feerie_window_begin_edit (self, NULL);
  if (imitator)
    fe_position_remove_imitator (pos, sq);
  else
    fe_position_remove (pos, sq);
  after_board_change (self);
  self->last_from = sq;
  self->last_to = FE_NO_SQUARE;
  feerie_window_end_edit (self);
}

void
feerie_window_toggle_imitator (FeerieWindow *self, FeSquare sq, FeColour colour)
{
  g_return_if_fail (FEERIE_IS_WINDOW (self));
  FePosition *pos = feerie_window_edited_position (self);
  gboolean imitator = fe_position_imitator_at (pos, sq) >= 0;
  if (!imitator && pos->board[sq].walk != FE_WALK_NONE)
    {
      feerie_window_show_status (self, _("An imitator needs an empty square."));
      return;
    }
  if (!imitator && pos->n_imitators >= FE_MAX_IMITATORS)
    {
      feerie_window_show_status (self, _("At most 10 imitators."));
      return;
    }
  feerie_window_begin_edit (self, NULL);
  if (imitator)
    fe_position_remove_imitator (pos, sq);
  else
    {
      fe_position_add_imitator (pos, sq, colour);
      self->problem->conditions.FE_P_IMITATOR = TRUE;
    }
  self->last_from = FE_NO_SQUARE;
  self->last_to = sq;
  feerie_window_end_edit (self);
}

gboolean
feerie_window_apply_payload (FeerieWindow *self, const char *payload, FeSquare sq, gboolean copy)
{
  guint a = 0, b = 0, c = 0;
  if (sscanf (payload, "piece:%u:%u:%u", &a, &b, &c) == 3 && a <= FE_NEUTRAL)
    return feerie_window_place (self, (FePiece) { (uint8_t) b, (uint8_t) a, (uint8_t) c, 0 }, sq);
  if (sscanf (payload, "imitator:%u", &a) == 1 && a <= FE_NEUTRAL)
    {
      if (fe_position_imitator_at (feerie_window_edited_position (self), sq) < 0)
        feerie_window_toggle_imitator (self, sq, (FeColour) a);
      return TRUE;
    }
  if (sscanf (payload, "square:%u", &a) == 1 && FE_ON_BOARD (a))
    {
      feerie_window_move (self, (FeSquare) a, sq, copy);
      return TRUE;
    }
  return FALSE;
}

/* A walk code with the attributes' notation prefixes before it ("mgR":
 * a magician rook, docs/notation.md); a code of its own wins ("ma" is a
 * walk).  FE_WALK_NONE when it is none. */
static int
parse_walk (const char *code, uint8_t *attrs)
{
  int walk = fe_walk_from_code (code);
  if (walk != FE_WALK_NONE || !*code)
    return walk;
  for (int i = 0; i < fe_attribute_count (); i++)
    {
      const FeAttributeDesc *a = fe_attribute_nth (i);
      size_t n = a->prefix ? strlen (a->prefix) : 0;
      if (!n || g_ascii_strncasecmp (code, a->prefix, n) != 0)
        continue;
      uint8_t more = 0;
      walk = parse_walk (code + n, &more);
      if (walk != FE_WALK_NONE)
        {
          *attrs |= a->bit | more;
          return walk;
        }
    }
  return FE_WALK_NONE;
}

/* "wKe1 bSg8 wmgRb3 nGd4 Ic3 -e4": colour, walk code (with the notation's
 * prefixes: m magic, mg magician), square; the attribute's name after a
 * piece ("wRb3 magician") gives it too; "I" an imitator; "-e4" empties.
 * The whole line is read first, on a copy of the diagram: a bad token or
 * a position the conditions refuse applies nothing.  Then it is one edit
 * (one undo step). */
gboolean
feerie_window_enter_pieces (FeerieWindow *self, const char *text, GError **error)
{
  g_auto (GStrv) words = g_regex_split_simple ("[\\s,;]+", text, 0, 0);
  FePosition pos = *feerie_window_edited_position (self);
  gboolean imitators = FALSE;
  FeSquare previous = FE_NO_SQUARE, last = FE_NO_SQUARE;
  for (int i = 0; words[i]; i++)
    {
      const char *w = words[i];
      size_t n = strlen (w);
      if (n == 0)
        continue;
      const FeAttributeDesc *attribute = fe_attribute_lookup (w);
      if (attribute)
        {
          if (previous == FE_NO_SQUARE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s” must follow a piece"), w);
              return FALSE;
            }
          FePiece p = pos.board[previous];
          p.attrs = attribute->bit;
          fe_position_put (&pos, previous, p);
          continue;
        }
      FeSquare sq = n >= 2 ? fe_square_parse (w + n - 2) : FE_NO_SQUARE;
      if (sq == FE_NO_SQUARE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: no square at the end (like e4)"), w);
          return FALSE;
        }
      g_autofree char *head = g_strndup (w, n - 2);
      previous = FE_NO_SQUARE;
      last = sq;
      if (g_str_equal (head, "-"))
        {
          if (!fe_position_remove_imitator (&pos, sq))
            fe_position_remove (&pos, sq);
          continue;
        }
      if (g_ascii_strcasecmp (head, "I") == 0)
        {
          if (fe_position_imitator_at (&pos, sq) >= 0)
            continue;
          if (pos.board[sq].walk != FE_WALK_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s”: an imitator needs an empty square"), w);
              return FALSE;
            }
          if (!fe_position_add_imitator (&pos, sq, self->imitator_colour))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("“%s”: at most 10 imitators"), w);
              return FALSE;
            }
          imitators = TRUE;
          continue;
        }
      FeColour colour;
      switch (g_ascii_tolower (head[0]))
        {
        case 'w': colour = FE_WHITE; break;
        case 'b': colour = FE_BLACK; break;
        case 'n': colour = FE_NEUTRAL; break;
        default:
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: start with w, b or n (the colour)"), w);
          return FALSE;
        }
      uint8_t attrs = 0;
      int walk = head[1] ? parse_walk (head + 1, &attrs) : FE_WALK_NONE;
      if (walk == FE_WALK_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("“%s”: unknown walk code “%s”"), w, head + 1);
          return FALSE;
        }
      fe_position_remove_imitator (&pos, sq); /* a square holds a piece or an imitator */
      fe_position_put (&pos, sq, (FePiece) { walk, colour, attrs, 0 });
      previous = sq;
    }
  /* The conditions' rules on the whole result (a magic piece beside
   * magician pieces, a magician king); a diagram refused already stays
   * editable. */
  FeConditionParams conditions = self->problem->conditions;
  if (imitators)
    conditions.FE_P_IMITATOR = TRUE;
  g_autoptr (GError) why = NULL;
  if (!fe_conditions_validate (&conditions, &pos, &why)
      && fe_conditions_validate (&self->problem->conditions, feerie_window_edited_position (self),
                                 NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Not placed: %s."), why->message);
      return FALSE;
    }
  feerie_window_begin_edit (self, NULL);
  *feerie_window_edited_position (self) = pos;
  self->problem->conditions = conditions;
  after_board_change (self);
  self->last_from = FE_NO_SQUARE;
  self->last_to = last;
  feerie_window_end_edit (self);
  return TRUE;
}

/* Clicks without a mouse drag: with a palette choice, place it; picking
 * imitators toggles one; otherwise the first click picks a piece and the
 * second moves it.  The secondary button empties a square. */
void
feerie_window_on_square_activated (FeerieWindow *self, guint sq, guint button)
{
  /* Playback is read-only: a click returns to the diagram, unchanged. */
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  if (button == GDK_BUTTON_SECONDARY)
    {
      feerie_window_remove (self, (FeSquare) sq);
      return;
    }
  if (self->picking_imitators)
    {
      feerie_window_toggle_imitator (self, (FeSquare) sq, self->imitator_colour);
      return;
    }
  const char *choice = feerie_palette_get_selection (self->palette);
  if (choice)
    {
      feerie_window_apply_payload (self, choice, (FeSquare) sq, FALSE);
      return;
    }
  const FePosition *pos = feerie_window_edited_position (self);
  if (self->selected != FE_NO_SQUARE)
    {
      FeSquare from = self->selected;
      self->selected = FE_NO_SQUARE;
      if (from != sq)
        feerie_window_move (self, from, (FeSquare) sq, FALSE);
      feerie_window_refresh_board (self);
      return;
    }
  if (pos->board[sq].walk != FE_WALK_NONE || fe_position_imitator_at (pos, (FeSquare) sq) >= 0)
    {
      self->selected = (FeSquare) sq;
      feerie_window_refresh_board (self);
    }
}

/* A completed drag was the whole gesture: no square stays picked for
 * click-to-move. */
static void
forget_selection (FeerieWindow *self)
{
  if (self->selected == FE_NO_SQUARE)
    return;
  self->selected = FE_NO_SQUARE;
  feerie_window_refresh_board (self);
}

void
feerie_window_on_payload_dropped (FeerieWindow *self, const char *payload, guint sq, gboolean copy)
{
  forget_selection (self);
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  feerie_window_apply_payload (self, payload, (FeSquare) sq, copy);
}

void
feerie_window_on_dragged_off (FeerieWindow *self, guint sq)
{
  forget_selection (self);
  if (self->playing)
    {
      feerie_window_leave_playback (self);
      return;
    }
  feerie_window_remove (self, (FeSquare) sq);
}


gboolean
feerie_window_take_structured (FeerieWindow *self, const char *text)
{
  while (g_ascii_isspace (*text))
    text++;
  gsize n = 0;
  while (g_ascii_isalpha (text[n]))
    n++;
  gboolean side = n && n <= 5
                  && (g_ascii_strncasecmp (text, "white", n) == 0
                      || g_ascii_strncasecmp (text, "black", n) == 0);
  if (!side || !g_ascii_isspace (text[n]))
    return FALSE;
  g_autoptr (GError) error = NULL;
  FeSStip *tree = NULL;
  gboolean ok = fe_sstip_parse (text, &tree, NULL, &error);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stipulation_entry), NULL);
  gtk_label_set_text (self->stipulation_error, ok ? "" : error->message);
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (self->stipulation_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->stipulation_entry), "error");
  if (!ok || fe_sstip_equal (tree, self->problem->structured))
    {
      fe_sstip_free (tree);
      return TRUE;
    }
  feerie_window_begin_edit (self, "stipulation");
  fe_sstip_free (self->problem->structured);
  self->problem->structured = tree;
  fe_sstip_approximate (tree, &self->problem->stipulation);
  g_clear_pointer (&self->problem->unsupported_stipulation, g_free);
  feerie_window_end_edit (self);
  return TRUE;
}
