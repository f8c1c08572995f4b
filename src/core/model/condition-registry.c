/* condition-registry.c — the list of conditions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built-ins come from FE_BUILTIN_CONDITIONS (builtin-conditions.h), one line
 * each; fe_condition_register adds more at run time (the toy condition of
 * the tests).  Readers, writers and the rules iterate this list.
 */
#include <string.h>

#include "condition-class.h"
#include "problem.h"
#include "fe-i18n.h"

#define FE_DECLARE_(ID, name) extern const FeConditionClass fe_condition_class_##name;
FE_BUILTIN_CONDITIONS (FE_DECLARE_)
#undef FE_DECLARE_

#define FE_ENTRY_(ID, name) &fe_condition_class_##name,
static const FeConditionClass *classes[FE_MAX_CONDITION_CLASSES] = {
  FE_BUILTIN_CONDITIONS (FE_ENTRY_)
};
#undef FE_ENTRY_
static int n_classes = FE_COND_BUILTIN_COUNT;
G_STATIC_ASSERT (FE_COND_BUILTIN_COUNT <= FE_MAX_CONDITION_CLASSES);
/* Registration is rare and early (tests, start-up): a lock keeps it sound
 * if two threads ever do it; readers see a fully written slot. */
static GMutex lock;

int
fe_condition_count (void)
{
  return g_atomic_int_get (&n_classes);
}

const FeConditionClass *
fe_condition_nth (int id)
{
  g_return_val_if_fail (id >= 0 && id < fe_condition_count (), NULL);
  return classes[id];
}

const FeConditionClass *
fe_condition_lookup (const char *name)
{
  for (int i = 0; i < fe_condition_count (); i++)
    if (!g_strcmp0 (classes[i]->name, name) || !g_strcmp0 (classes[i]->xml_element, name))
      return classes[i];
  return NULL;
}

/* A new attribute takes one bit no registered attribute uses, and a name
 * of its own. */
static bool
attribute_bit_free (const FeAttributeDesc *a)
{
  if (!a->bit || (a->bit & (a->bit - 1)))
    return false;
  for (int i = 0; i < fe_condition_count (); i++)
    {
      const FeAttributeDesc *b = classes[i]->attribute;
      if (b && ((b->bit & a->bit) || !g_ascii_strcasecmp (b->name, a->name)))
        return false;
    }
  return true;
}

int
fe_condition_register (const FeConditionClass *cls, GError **error)
{
  g_return_val_if_fail (cls && cls->name && cls->ops && cls->params && cls->n_params > 0, -1);
  g_mutex_lock (&lock);
  int id = -1;
  if (fe_condition_lookup (cls->name) || (cls->xml_element && fe_condition_lookup (cls->xml_element)))
    g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                 "condition \"%s\" is already registered", cls->name);
  else if (cls->n_params > FE_MAX_CONDITION_PARAMS)
    g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                 "condition \"%s\" has %d parameters, at most %d fit", cls->name, cls->n_params,
                 FE_MAX_CONDITION_PARAMS);
  else if (cls->n_popeye_keywords > FE_MAX_CONDITION_KEYWORDS)
    g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                 "condition \"%s\" has %d Popeye keywords, at most %d", cls->name,
                 cls->n_popeye_keywords, FE_MAX_CONDITION_KEYWORDS);
  else if (cls->attribute && !attribute_bit_free (cls->attribute))
    g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                 "condition \"%s\": its attribute \"%s\" needs a bit of its own",
                 cls->name, cls->attribute->name);
  else if (n_classes >= FE_MAX_CONDITION_CLASSES)
    g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_UNSUPPORTED,
                 "cannot register \"%s\": at most %d conditions", cls->name,
                 FE_MAX_CONDITION_CLASSES);
  else
    {
      id = n_classes;
      classes[id] = cls;
      g_atomic_int_set (&n_classes, id + 1);
    }
  g_mutex_unlock (&lock);
  return id;
}

void
fe_condition_popeye_words (int id, const FeConditionParams *c, GString *popeye, GString *ext)
{
  const FeConditionClass *cls = fe_condition_nth (id);
  uint8_t row[FE_MAX_CONDITION_PARAMS];
  memcpy (row, c->v[id], sizeof row);
  /* A word written after the switch's brings the switch: Rex inclusive
   * alone still means Madrasi. */
  for (int k = 0; k < cls->n_popeye_keywords; k++)
    {
      const FeConditionKeyword *kw = &cls->popeye_keywords[k];
      if ((kw->flags & FE_KEYWORD_AFTER_SWITCH) && kw->value && row[kw->param] == kw->value
          && !row[0])
        row[0] = MAX (cls->params[0].xml_default, 1);
    }
  unsigned written = 0; /* cells whose word is written */
  for (int k = 0; k < cls->n_popeye_keywords; k++)
    {
      const FeConditionKeyword *kw = &cls->popeye_keywords[k];
      if ((kw->flags & (FE_KEYWORD_ARGS | FE_KEYWORD_AFTER_SWITCH)) || !kw->value
          || row[kw->param] != kw->value || (written & (1u << kw->param)))
        continue;
      written |= 1u << kw->param;
      g_string_append_printf (kw->flags & FE_KEYWORD_EXTENSION ? ext : popeye, " %s", kw->word);
      for (int j = 0; kw->param == 0 && j < cls->n_popeye_keywords; j++)
        {
          const FeConditionKeyword *after = &cls->popeye_keywords[j];
          if ((after->flags & FE_KEYWORD_AFTER_SWITCH) && after->value
              && row[after->param] == after->value && !(written & (1u << after->param)))
            {
              written |= 1u << after->param;
              g_string_append_printf (after->flags & FE_KEYWORD_EXTENSION ? ext : popeye, " %s",
                                      after->word);
            }
        }
    }
  /* A word of another cell switched it on ("AntiSuperCirce"): the switch's
   * own value follows as its word ("Cheylan"), which the reader takes
   * after such a word too. */
  if (written && !(written & 1u) && row[0] && row[0] != cls->params[0].xml_default)
    for (int k = 0; k < cls->n_popeye_keywords; k++)
      {
        const FeConditionKeyword *after = &cls->popeye_keywords[k];
        if ((after->flags & FE_KEYWORD_AFTER_SWITCH) && after->param == 0 && after->value == row[0]
            && !(after->flags & (FE_KEYWORD_REFUSED | FE_KEYWORD_ARGS)))
          {
            g_string_append_printf (after->flags & FE_KEYWORD_EXTENSION ? ext : popeye, " %s",
                                    after->word);
            break;
          }
      }
}

bool
fe_condition_in_force (int id, const FeConditionParams *params, const FePosition *diagram)
{
  const FeConditionClass *cls = fe_condition_nth (id);
  if (cls->in_force)
    return cls->in_force (params, id, diagram);
  if (fe_params_on (params, id))
    return true;
  /* A piece with the condition's attribute puts it in force (magic). */
  return cls->attribute && diagram && fe_position_has_attribute (diagram, cls->attribute->bit);
}

/* ---- piece attributes ------------------------------------------------ */

int
fe_attribute_count (void)
{
  int n = 0;
  for (int id = 0; id < fe_condition_count (); id++)
    n += classes[id]->attribute != NULL;
  return n;
}

int
fe_attribute_condition (int i)
{
  for (int id = 0; id < fe_condition_count (); id++)
    if (classes[id]->attribute && i-- == 0)
      return id;
  return -1;
}

const FeAttributeDesc *
fe_attribute_nth (int i)
{
  int id = fe_attribute_condition (i);
  g_return_val_if_fail (id >= 0, NULL);
  return classes[id]->attribute;
}

const FeAttributeDesc *
fe_attribute_lookup (const char *name)
{
  for (int id = 0; name && id < fe_condition_count (); id++)
    {
      const FeAttributeDesc *a = classes[id]->attribute;
      if (a && (!g_ascii_strcasecmp (a->name, name) || !g_ascii_strcasecmp (a->popeye_word, name)))
        return a;
    }
  return NULL;
}

void
fe_attribute_append_names (GString *out, uint8_t attrs)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeAttributeDesc *a = classes[id]->attribute;
      if (a && (attrs & a->bit))
        g_string_append_printf (out, " %s", a->name);
    }
}

void
fe_attribute_append_prefixes (GString *out, uint8_t attrs)
{
  /* Few attributes: pick the next in Popeye's order each time. */
  int last = -1;
  for (;;)
    {
      const FeAttributeDesc *next = NULL;
      for (int id = 0; id < fe_condition_count (); id++)
        {
          const FeAttributeDesc *a = classes[id]->attribute;
          if (a && (attrs & a->bit) && a->prefix_order > last
              && (!next || a->prefix_order < next->prefix_order))
            next = a;
        }
      if (!next)
        return;
      g_string_append (out, next->prefix);
      last = next->prefix_order;
    }
}

char *
fe_attribute_squares (const FePosition *pos, uint8_t attrs, const char *separator)
{
  GString *s = g_string_new (NULL);
  for (int r = 7; r >= 0; r--)
    for (int f = 0; f < 8; f++)
      {
        FePiece p = pos->board[FE_SQ (f, r)];
        if (p.walk != FE_WALK_NONE && (p.attrs & attrs))
          {
            char name[3];
            fe_square_name (FE_SQ (f, r), name);
            g_string_append_printf (s, "%s%s", s->len ? separator : "", name);
          }
      }
  if (!s->len)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* ---- descriptions ---------------------------------------------------- */

void
fe_condition_describe_default (int id, const FeConditionParams *params, const FePosition *diagram,
                               const FeDescribeStyle *style, GPtrArray *lines)
{
  const FeConditionClass *cls = fe_condition_nth (id);
  const FeAttributeDesc *a = cls->attribute;
  g_autofree char *squares =
    a && diagram ? fe_attribute_squares (diagram, a->bit, style->caption ? ", " : " ") : NULL;
  if (style->caption)
    {
      GString *s = g_string_new (style->translate (cls->label));
      if (squares)
        g_string_append_printf (s, " %s", squares);
      /* The other parameters that are not off: a bool by its label, an
       * enum by its value's name. */
      for (int k = 1; k < cls->n_params; k++)
        {
          const FeConditionParamDesc *d = &cls->params[k];
          int v = params->v[id][k];
          if (!v || v >= d->n_values)
            continue;
          const char *word = d->type == FE_PARAM_BOOL ? d->label
                             : d->value_labels ? d->value_labels[v]
                             : d->xml_values ? d->xml_values[v] : NULL;
          if (word)
            g_string_append_printf (s, ", %s", style->translate (word));
        }
      g_ptr_array_add (lines, g_string_free (s, FALSE));
      return;
    }
  if (fe_params_on (params, id) && !squares)
    {
      GString *line = g_string_new (NULL);
      fe_condition_popeye_words (id, params, line, line);
      if (line->len)
        g_ptr_array_add (lines, g_strdup (line->str + 1));
      g_string_free (line, TRUE);
    }
  if (squares)
    g_ptr_array_add (lines, g_strdup_printf ("%s %s", a->popeye_header, squares));
}

void
fe_condition_describe (int id, const FeConditionParams *params, const FePosition *diagram,
                       const FeDescribeStyle *style, GPtrArray *lines)
{
  const FeConditionClass *cls = fe_condition_nth (id);
  if (!fe_params_any (params, id) && !fe_condition_in_force (id, params, diagram))
    return;
  if (cls->describe)
    cls->describe (params, id, diagram, style, lines);
  else
    fe_condition_describe_default (id, params, diagram, style, lines);
}

bool
fe_params_any (const FeConditionParams *p, int id)
{
  for (int k = 0; k < FE_MAX_CONDITION_PARAMS; k++)
    if (p->v[id][k])
      return true;
  return false;
}

bool
fe_params_empty (const FeConditionParams *p)
{
  for (int id = 0; id < FE_MAX_CONDITION_CLASSES; id++)
    if (fe_params_any (p, id))
      return false;
  return true;
}

gboolean
fe_conditions_validate (const FeConditionParams *params, const FePosition *diagram, GError **error)
{
  for (int id = 0; id < fe_condition_count (); id++)
    {
      const FeConditionClass *cls = fe_condition_nth (id);
      if (cls->validate && !cls->validate (params, id, diagram, error))
        return FALSE;
      for (int k = 0; k < cls->n_params; k++)
        if (params->v[id][k] >= cls->params[k].n_values)
          {
            g_set_error (error, FE_PROBLEM_ERROR, FE_PROBLEM_ERROR_ILLEGAL,
                         _ ("%s: %s %d is out of range (0 to %d)"), cls->label, cls->params[k].name,
                         params->v[id][k], cls->params[k].n_values - 1);
            return FALSE;
          }
    }
  return TRUE;
}
