/* registry.c — the list of conditions.
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built-ins come from FE_BUILTIN_CONDITIONS (conditions/builtin.h), one line
 * each; fe_condition_register adds more at run time (the toy condition of
 * the tests).  Readers, writers and the rules iterate this list.
 */
#include <string.h>

#include "../condition.h"
#include "../problem.h"

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
  for (int i = 0; cls->piece_attribute && diagram && i < 64; i++)
    if (diagram->board[FE_SQ88 (i)].walk
        && (diagram->board[FE_SQ88 (i)].attrs & cls->piece_attribute))
      return true;
  return false;
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
