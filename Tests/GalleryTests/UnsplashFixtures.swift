/// Responses in the exact shape api.unsplash.com sends (trimmed to a few photos), with the
/// nulls Unsplash really sends in description, alt_description and location.
enum UnsplashFixtures {
    static let photoList = #"""
    [
      {
        "id": "LBI7cgq3pbM",
        "slug": "a-man-drinking-a-coffee-LBI7cgq3pbM",
        "created_at": "2016-05-03T11:00:28Z",
        "updated_at": "2024-07-04T19:21:16Z",
        "promoted_at": null,
        "width": 5245,
        "height": 3497,
        "color": "#60544D",
        "blur_hash": "LoC%a7IoIVxZ_NM|M{s:%hRjWAo0",
        "description": null,
        "alt_description": "man drinking coffee in a cafe",
        "breadcrumbs": [],
        "urls": {
          "raw": "https://images.unsplash.com/face-springmorning.jpg?ixid=M3w1OTU2fDB8MXxhbGx8fHx8fHx8fHwxNzIwMTI2MjYwfA&ixlib=rb-4.0.3",
          "full": "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg",
          "regular": "https://images.unsplash.com/face-springmorning.jpg?w=1080",
          "small": "https://images.unsplash.com/face-springmorning.jpg?w=400",
          "thumb": "https://images.unsplash.com/face-springmorning.jpg?w=200",
          "small_s3": "https://s3.us-west-2.amazonaws.com/images.unsplash.com/small/face-springmorning.jpg"
        },
        "links": {
          "self": "https://api.unsplash.com/photos/LBI7cgq3pbM",
          "html": "https://unsplash.com/photos/a-man-drinking-a-coffee-LBI7cgq3pbM",
          "download": "https://unsplash.com/photos/LBI7cgq3pbM/download",
          "download_location": "https://api.unsplash.com/photos/LBI7cgq3pbM/download?ixid=M3w1OTU2"
        },
        "likes": 12,
        "liked_by_user": false,
        "current_user_collections": [],
        "sponsorship": null,
        "topic_submissions": {},
        "asset_type": "photo",
        "user": {
          "id": "pXhwzz1JtQU",
          "updated_at": "2024-07-04T13:36:08Z",
          "username": "poorkane",
          "name": "Gilbert Kane",
          "first_name": "Gilbert",
          "last_name": "Kane",
          "twitter_username": null,
          "portfolio_url": null,
          "bio": null,
          "location": null,
          "links": {
            "self": "https://api.unsplash.com/users/poorkane",
            "html": "https://unsplash.com/@poorkane",
            "photos": "https://api.unsplash.com/users/poorkane/photos"
          },
          "profile_image": {
            "small": "https://images.unsplash.com/profile-1.jpg?w=32",
            "medium": "https://images.unsplash.com/profile-1.jpg?w=64",
            "large": "https://images.unsplash.com/profile-1.jpg?w=128"
          },
          "total_likes": 5,
          "total_photos": 74,
          "for_hire": false
        }
      },
      {
        "id": "Dwu85P9SOIk",
        "created_at": "2016-05-03T11:00:28Z",
        "width": 2448,
        "height": 3264,
        "color": null,
        "blur_hash": null,
        "description": null,
        "alt_description": null,
        "urls": {
          "raw": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d",
          "full": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75",
          "regular": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=1080",
          "small": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=400",
          "thumb": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=200"
        },
        "links": {
          "self": "https://api.unsplash.com/photos/Dwu85P9SOIk",
          "html": "https://unsplash.com/photos/Dwu85P9SOIk",
          "download": "https://unsplash.com/photos/Dwu85P9SOIk/download"
        },
        "likes": 0,
        "user": {
          "id": "QPxL2MGqfrw",
          "username": "exampleuser",
          "name": "Joe Example",
          "location": null
        }
      }
    ]
    """#

    static let photoDetail = #"""
    {
      "id": "Dwu85P9SOIk",
      "created_at": "2016-05-03T11:00:28Z",
      "width": 2448,
      "height": 3264,
      "color": "#6E633A",
      "description": "A man drinking a coffee.",
      "alt_description": null,
      "exif": { "make": "Canon", "model": "Canon EOS 40D", "exposure_time": "0.011111111111111112",
                "aperture": "4.970854", "focal_length": "37", "iso": 100 },
      "location": { "name": null, "city": null, "country": null,
                    "position": { "latitude": null, "longitude": null } },
      "tags": [ { "title": "man" }, { "title": "drinking" } ],
      "downloads": 1345,
      "likes": 24,
      "urls": {
        "raw": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d",
        "full": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75",
        "regular": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=1080",
        "small": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=400",
        "thumb": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=200"
      },
      "links": {
        "self": "https://api.unsplash.com/photos/Dwu85P9SOIk",
        "html": "https://unsplash.com/photos/Dwu85P9SOIk",
        "download": "https://unsplash.com/photos/Dwu85P9SOIk/download",
        "download_location": "https://api.unsplash.com/photos/Dwu85P9SOIk/download"
      },
      "user": { "id": "QPxL2MGqfrw", "username": "exampleuser", "name": "Joe Example",
                "links": { "html": "https://unsplash.com/@exampleuser" } }
    }
    """#

    /// `GET /search/photos?query=coffee&page=1&per_page=2`: `results` in the list's shape, with nulls.
    static let searchResults = #"""
    {
      "total": 3,
      "total_pages": 2,
      "results": [
        {
          "id": "eOLpJytrbsQ",
          "created_at": "2014-11-18T14:35:36-05:00",
          "width": 4000,
          "height": 3000,
          "color": "#A7A2A1",
          "blur_hash": "LaLXMa9Fx[D%~q%MtQM|kDRjtRIU",
          "likes": 286,
          "liked_by_user": false,
          "description": "A man drinking a coffee.",
          "alt_description": null,
          "user": {
            "id": "Ul0QVz12Goo",
            "username": "ugmonk",
            "name": "Jeff Sheldon",
            "first_name": "Jeff",
            "last_name": "Sheldon",
            "instagram_username": "instantgrammer",
            "twitter_username": "ugmonk",
            "portfolio_url": "http://ugmonk.com/",
            "profile_image": { "small": "https://images.unsplash.com/profile-1.jpg?w=32" },
            "links": { "self": "https://api.unsplash.com/users/ugmonk", "html": "http://unsplash.com/@ugmonk" }
          },
          "current_user_collections": [],
          "urls": {
            "raw": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f",
            "full": "https://hd.unsplash.com/photo-1416339306562-f3d12fefd36f",
            "regular": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=1080",
            "small": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=400",
            "thumb": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=200"
          },
          "links": {
            "self": "https://api.unsplash.com/photos/eOLpJytrbsQ",
            "html": "http://unsplash.com/photos/eOLpJytrbsQ",
            "download": "http://unsplash.com/photos/eOLpJytrbsQ/download",
            "download_location": "https://api.unsplash.com/photos/eOLpJytrbsQ/download?ixid=xyz"
          }
        },
        {
          "id": "Dwu85P9SOIk",
          "created_at": null,
          "width": 2448,
          "height": 3264,
          "color": null,
          "likes": 0,
          "description": null,
          "alt_description": "cup of coffee on a table",
          "user": { "id": null, "username": "exampleuser", "name": "Joe Example" },
          "urls": {
            "raw": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d",
            "full": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75",
            "regular": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=1080",
            "small": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=400",
            "thumb": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?w=200"
          },
          "links": { "html": "https://unsplash.com/photos/Dwu85P9SOIk" }
        }
      ]
    }
    """#

    /// `GET /photos/:id/statistics`, history trimmed to two days.
    static let statistics = #"""
    {
      "id": "Dwu85P9SOIk",
      "downloads": {
        "total": 1345,
        "historical": {
          "change": 12,
          "resolution": "days",
          "quantity": 30,
          "values": [ { "date": "2024-07-03", "value": 5 }, { "date": "2024-07-04", "value": 7 } ]
        }
      },
      "views": {
        "total": 1234567,
        "historical": { "change": 340, "resolution": "days", "quantity": 30, "values": [] }
      },
      "likes": {
        "total": 24,
        "historical": { "change": 1, "resolution": "days", "quantity": 30, "values": [] }
      }
    }
    """#
}
