import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, paths } from '@vellum/ui/core';
import type { CreatorsResponse, CreatorView, VellumListItem, VellumListResponse } from '@vellum/proto/api';
import { InitialsAvatar } from './InitialsAvatar';

interface Community {
  vellums: VellumListItem[];
  creators: CreatorView[];
}

const SHOWN = 6;

/**
 * The welcome page's window on what people publish: the vellum service's showcase (best-rated public vellums)
 * and its creators (authors with the most public vellums). It appears only once there is something to show, and a
 * failed call hides it: the welcome page never waits for it or breaks because of it.
 */
export function CommunitySection() {
  const [community, setCommunity] = useState<Community | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([
      api.get<VellumListResponse>('/api/get-showcase-vellums'),
      api.get<CreatorsResponse>('/api/get-creators'),
    ]).then(
      ([showcase, creators]) =>
        live && setCommunity({ vellums: showcase.vellums, creators: creators.creators }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!community || (community.vellums.length === 0 && community.creators.length === 0)) return null;

  return (
    <section className="py-5 border-top" aria-labelledby="welcome-community">
      <div className="container">
        <h2 id="welcome-community" className="fw-bold mb-4">
          Published on Vellum
        </h2>
        <div className="row g-4">
          {community.vellums.length > 0 && (
            <div className="col-lg-7">
              <h3 className="h5">Showcase</h3>
              <ul className="list-group">
                {community.vellums.slice(0, SHOWN).map((vellum) => (
                  <li key={vellum.i} className="list-group-item">
                    <Link to={paths.vellum(vellum.i)} className="fw-semibold">
                      {vellum.title}
                    </Link>
                    <span className="small text-body-secondary">
                      {' '}
                      by {vellum.owned_by_cirrus.display_name}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {community.creators.length > 0 && (
            <div className="col-lg-5">
              <h3 className="h5">Creators</h3>
              <ul className="list-unstyled mb-0">
                {community.creators.slice(0, SHOWN).map((creator) => (
                  <li key={creator.i} className="d-flex align-items-center gap-2 mb-2">
                    <InitialsAvatar name={creator.display_name || creator.username} size={32} />
                    <Link to={paths.cirrus(creator.username)}>
                      {creator.display_name || creator.username}
                    </Link>
                    <span className="small text-body-secondary">
                      {creator.publicVellums.toLocaleString('en-US')} public{' '}
                      {creator.publicVellums === 1 ? 'vellum' : 'vellums'}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
